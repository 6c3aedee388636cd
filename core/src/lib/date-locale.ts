import type { Locale } from 'date-fns';
import { defaultLocale, toSupportedLocale } from './locales';
import type { SupportedLocale } from './locales';

/**
 * Our locales → date-fns locale modules. Each is a separate dynamic import, so a brand's bundle
 * only ever downloads the one date-fns locale it shows.
 */
const loaders: Record<SupportedLocale, () => Promise<Locale>> = {
  'en-GB': () => import('date-fns/locale/en-GB').then((m) => m.enGB),
  'nl-NL': () => import('date-fns/locale/nl').then((m) => m.nl),
  'es-ES': () => import('date-fns/locale/es').then((m) => m.es),
  'fr-FR': () => import('date-fns/locale/fr').then((m) => m.fr),
  'nl-BE': () => import('date-fns/locale/nl-BE').then((m) => m.nlBE),
  'de-AT': () => import('date-fns/locale/de-AT').then((m) => m.deAT),
  'it-IT': () => import('date-fns/locale/it').then((m) => m.it),
  'da-DK': () => import('date-fns/locale/da').then((m) => m.da),
  'pt-PT': () => import('date-fns/locale/pt').then((m) => m.pt),
  'nb-NO': () => import('date-fns/locale/nb').then((m) => m.nb),
  'sv-SE': () => import('date-fns/locale/sv').then((m) => m.sv),
};

const loaded = new Map<SupportedLocale, Locale>();

/** Loads (once) the date-fns locale for one of our locales; unknown locales get en-GB. */
export async function loadDateLocale(locale: string): Promise<Locale> {
  const key = toSupportedLocale(locale);
  const cached = loaded.get(key);
  if (cached) return cached;
  const dateLocale = await loaders[key]();
  loaded.set(key, dateLocale);
  return dateLocale;
}

/** The already-loaded date-fns locale, or undefined (date-fns then formats in en-US). */
export function getLoadedDateLocale(locale: string): Locale | undefined {
  return loaded.get(toSupportedLocale(locale)) ?? loaded.get(defaultLocale);
}
