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
