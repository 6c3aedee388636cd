/** Money in minor units (cents, øre) with its ISO 4217 currency. */
interface Money {
  amount: number;
  currency: string;
}

/** Money in the customer's locale: amounts are minor units of the ISO currency. */
export function formatMoney(money: Money, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(money.amount / 10 ** digits);
}

/** A date (ISO date or date-time) in the customer's locale, e.g. 22 Nov 2026 / 22 nov. 2026. */
export function formatDate(value: string, locale: string): string {
  // A bare date is a calendar day: read it in UTC so no time zone moves it.
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(value.length === 10 ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** A file size in kB or MB, in the customer's locale. */
export function formatFileSize(bytes: number, locale: string): string {
  const megabytes = bytes >= 1_000_000;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / 1_000_000 : Math.max(1, bytes / 1000));
}

const countFormats = new Map<string, Intl.NumberFormat>();

/**
 * A count a customer reads (tab counts, "n photos", "n selected", "n of m") in the page's
 * locale, digit-grouped: 12,345 in en-GB, 12.345 in nl-NL. Texts use it as `{{count, number}}`
 * (the `number` format of i18next is this function, `createI18n`).
 */
export function formatCount(value: number, locale: string): string {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    countFormats.set(locale, format);
  }
  return format.format(value);
}
