import { formatCount, formatDate, formatFileSize, formatMoney } from './intl-format';

/** Intl puts no-break spaces where a locale wants them; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('intl-format', () => {
  it.each([
    [{ amount: 1999, currency: 'GBP' }, 'en-GB', '£19.99'],
    [{ amount: 1999, currency: 'EUR' }, 'nl-NL', '€ 19,99'],
    [{ amount: 123456, currency: 'EUR' }, 'de-AT', '€ 1.234,56'],
    [{ amount: 17199, currency: 'DKK' }, 'da-DK', '171,99 kr.'],
  ])('money %o in %s', (money, locale, expected) => {
    expect(plain(formatMoney(money, locale))).toBe(expected);
  });

  it('reads a bare date as that calendar day in every time zone', () => {
    expect(formatDate('2026-03-01', 'en-GB')).toBe('1 Mar 2026');
    expect(plain(formatDate('2026-03-01', 'nl-NL'))).toBe('1 mrt 2026');
  });

  it('sizes in kB and MB', () => {
    expect(formatFileSize(1_500_000, 'en-GB')).toBe('1.5 MB');
    expect(formatFileSize(200, 'en-GB')).toBe('1 kB');
  });

  it.each([
    ['en-GB', '12,345'],
    ['nl-NL', '12.345'],
    ['de-AT', '12 345'],
  ])('counts digit-grouped in %s', (locale, expected) => {
    expect(plain(formatCount(12_345, locale))).toBe(expected);
  });
});
