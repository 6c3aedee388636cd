import enGB from '../../../locales/en-GB.json';
import frFR from '../../../locales/fr-FR.json';
import { createI18n } from '../../i18n/i18n';
import { outcomeOf, uploadOutcomeMessage } from './upload-outcome';

async function messageIn(locale: 'en-GB' | 'fr-FR') {
  const translation = locale === 'en-GB' ? enGB : frFR;
  const i18n = await createI18n({ locale, resources: { [locale]: { translation } } });
  return (added: number, duplicates: number, failed: number) =>
    uploadOutcomeMessage(i18n.t, { added, duplicates, failed });
}

describe('uploadOutcomeMessage', () => {
  it('says in English what was added, what was already there and what failed', async () => {
    const message = await messageIn('en-GB');
    expect(message(1, 0, 0)).toBe('1 photo added');
    expect(message(3, 0, 0)).toBe('3 photos added');
    expect(message(2, 1, 0)).toBe('2 photos added · 1 was already in your photos');
    expect(message(1, 4, 0)).toBe('1 photo added · 4 were already in your photos');
    expect(message(0, 1, 0)).toBe('This photo is already in your photos');
    expect(message(0, 3, 0)).toBe('These 3 photos are already in your photos');
    expect(message(0, 0, 1)).toBe('1 photo could not be added: please try again');
    expect(message(2, 1, 2)).toBe(
      '2 photos added · 1 was already in your photos · 2 photos could not be added: please try again',
    );
    expect(message(0, 2, 1)).toBe(
      'These 2 photos are already in your photos · 1 photo could not be added: please try again',
    );
    expect(message(0, 0, 0)).toBeNull();
  });

  it('uses the plural forms of French, its "many" form too', async () => {
    const message = await messageIn('fr-FR');
    expect(message(1, 0, 0)).toBe('1 photo ajoutée');
    expect(message(3, 0, 0)).toBe('3 photos ajoutées');
    expect(message(1_000_000, 0, 0)).toBe('1\u202f000\u202f000 de photos ajoutées');
    expect(message(2, 1, 0)).toBe('2 photos ajoutées · 1 était déjà dans vos photos');
    expect(message(0, 1, 0)).toBe('Cette photo est déjà dans vos photos');
    expect(message(0, 5, 0)).toBe('Ces 5 photos sont déjà dans vos photos');
    expect(message(0, 0, 2)).toBe('2 photos n’ont pas pu être ajoutées : veuillez réessayer');
  });

  it("reads an upload's totals", () => {
    expect(outcomeOf({ done: 2, duplicate: 1, failed: 3 })).toEqual({
      added: 2,
      duplicates: 1,
      failed: 3,
    });
  });
});
