import { supportedLocales } from '../lib/locales';

type Texts = { [key: string]: string | Texts };

const files = import.meta.glob<Texts>('../../locales/*.json', { eager: true, import: 'default' });
const byLocale = new Map(
  Object.entries(files).map(([path, texts]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), texts]),
);

/**
 * Keys whose text may stay as in English in every language (brand or technical terms).
 * Add a key here only when leaving it untranslated is right, not to silence a missing text.
 */
const sameAsEnglishAllowed = new Set([
  'shell.menu.faqs',
  'shell.integration.callbackUrl',
  'shell.integration.callbackFormat',
  // Payment brands and their terms are names, written the same in every language.
  'settings.payment.paypal',
  'settings.payment.paypalSummary',
  'settings.payment.iban',
  'settings.payment.brands.visa',
  'settings.payment.brands.mastercard',
  'settings.payment.brands.amex',
  'settings.payment.brands.maestro',
]);
/**
 * Words that are spelled as in English in that language (loanwords and cognates), so an
 * identical text there is a translation, not a forgotten one. Listed per locale, by text.
 */
const sameWordInLocale: Record<string, string[]> = {
  'nl-NL': [
    'Widgets',
    'Downloads',
    'Albums',
    'Uploads',
    'Callback',
    'Status',
    'Code {{code}}',
    'Product',
    '{{count}} product',
    'Cookies',
    'Marketing',
    'Feedback',
  ],
  'nl-BE': [
    'Widgets',
    'Downloads',
    'Albums',
    'Uploads',
    'Callback',
    'Status',
    'Code {{code}}',
    'Product',
    '{{count}} product',
    'Cookies',
    'Marketing',
    'Feedback',
  ],
  'de-AT': [
    'Widgets',
    'Downloads',
    'Uploads',
    'Callback',
    'Status',
    'Code {{code}}',
    'Optional',
    'Cookies',
    'Marketing',
    'Feedback',
  ],
  'da-DK': [
    'Widgets',
    'Downloads',
    'Uploads',
    'Callback',
    'Status',
    'Start import',
    'Send e-mail',
    'Cookies',
    'Marketing',
    'Feedback',
    'Send',
  ],
  'nb-NO': ['Callback', 'Status', 'Start import', 'Send'],
  'sv-SE': ['Callback', 'Status', 'Cookies', 'Feedback'],
  'es-ES': ['Widgets', 'Total', 'Total {{total}}', 'Cookies', 'Marketing'],
  'it-IT': ['Password', 'Callback', 'File', 'Marketing', 'Feedback'],
  'pt-PT': ['Widgets', 'Callback', 'Total', 'Total {{total}}', 'Cookies', 'Marketing'],
  'fr-FR': [
    'Widgets',
    'Photos',
    'Albums',
    '{{count}} photo',
    '{{count}} photos',
    'Photo {{fileName}}',
    'Code {{code}}',
    'Total',
    'Total {{total}}',
    'Date',
    'Pages',
    '{{count}} page',
    '{{count}} pages',
    'Cookies',
    'Marketing',
  ],
};

function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value, path)) flat.set(inner, text);
  }
  return flat;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();
/** Crude "is this prose": a word of 4+ letters once placeholders are removed. */
const hasLongWord = (text: string) => /\p{L}{4,}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));

const english = flatten(byLocale.get('en-GB') ?? {});

describe('locale files (docs/product.md#limits)', () => {
  it('has en-GB with texts', () => {
    expect(english.size).toBeGreaterThan(0);
  });

  describe.each(supportedLocales.filter((locale) => locale !== 'en-GB'))('%s', (locale) => {
    const texts = byLocale.get(locale);

    it('exists', () => {
      expect(texts, `core/locales/${locale}.json is missing`).toBeDefined();
    });

    it('has exactly the keys of en-GB', () => {
      const keys = [...flatten(texts ?? {}).keys()];
      const missing = [...english.keys()].filter((key) => !keys.includes(key));
      const extra = keys.filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has no empty texts and keeps the placeholders', () => {
      const problems: string[] = [];
      for (const [key, text] of flatten(texts ?? {})) {
        if (text.trim() === '') problems.push(`${key}: empty`);
        const source = english.get(key);
        if (source !== undefined && placeholders(source).join() !== placeholders(text).join()) {
          problems.push(
            `${key}: placeholders ${placeholders(text).join()} instead of ${placeholders(source).join()}`,
          );
        }
      }
      expect(problems).toEqual([]);
    });

    it('is translated (no prose identical to en-GB)', () => {
      const untranslated = [...flatten(texts ?? {})]
        .filter(
          ([key, text]) =>
            !sameAsEnglishAllowed.has(key) && text === english.get(key) && hasLongWord(text),
        )
        .filter(([, text]) => !(sameWordInLocale[locale] ?? []).includes(text))
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
    });
  });
});
