/** The locales of docs/product.md#limits (feedback widget list); every one has a file in `core/locales/`. */
export const supportedLocales = [
  'en-GB',
  'nl-NL',
  'es-ES',
  'fr-FR',
  'nl-BE',
  'de-AT',
  'it-IT',
  'da-DK',
  'pt-PT',
  'nb-NO',
  'sv-SE',
] as const;
export type SupportedLocale = (typeof supportedLocales)[number];

/** docs/product.md#limits: default locale. */
export const defaultLocale: SupportedLocale = 'en-GB';

export function isSupportedLocale(value: string): value is SupportedLocale {
  return (supportedLocales as readonly string[]).includes(value);
}

/** A brand's locale when we have texts for it, else the default. */
export function toSupportedLocale(value: string | undefined | null): SupportedLocale {
  if (!value) return defaultLocale;
  if (isSupportedLocale(value)) return value;
  const language = value.split('-')[0]?.toLowerCase();
  return supportedLocales.find((locale) => locale.startsWith(`${language}-`)) ?? defaultLocale;
}
