import i18next from 'i18next';
import type { i18n as I18n, ReadCallback, Resource } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { prefetchedOr } from '../api/prefetched';
import { formatCount } from '../lib/intl-format';
import { defaultLocale } from '../lib/locales';
import type { PlatformPrefetched } from '../platform/platform';

export interface CreateI18nOptions {
  locale: string;
  /** Resources given up front (tests); otherwise `/locales/{locale}.json` is fetched. */
  resources?: Resource;
  /** Where the locale files are served (docs/product.md#apis Config: same origin). */
  loadPath?: string;
  /** How often a failed locale file is fetched again (i18next waits longer each time). @default 2 */
  maxRetries?: number;
  /** The locale file the web boot script already requested, taken by its URL (first try only). */
  prefetched?: PlatformPrefetched;
}

/**
 * Reads `/locales/{locale}.json`. A network error or a 5xx answers "retry" to i18next, which asks
 * again up to `maxRetries` times, waiting longer each time; a 4xx is final. (This replaced
 * i18next-http-backend: the same behaviour for our one flat file per locale, 2 KB less on
 * every first visit.)
 */
function localeFileReader(loadPath: string, prefetched?: PlatformPrefetched) {
  return (language: string, _namespace: string, callback: ReadCallback) => {
    const url = loadPath.replace('{{lng}}', encodeURIComponent(language));
    const early = prefetched?.take(
      new URL(url, globalThis.location?.href ?? 'http://localhost').href,
    );
    prefetchedOr(early, () => fetch(url, { credentials: 'same-origin' })).then(
      async (response) => {
        if (!response.ok) {
          callback(new Error(`${url} answered ${response.status}`), response.status >= 500);
          return;
        }
        try {
          callback(null, (await response.json()) as Resource);
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)), false);
        }
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  };
}

/**
 * One i18next instance per mounted App (not the global one), so two Apps in one test run or a
 * brand switch never share state. Texts live in `core/locales/{locale}.json`, one top-level
 * section per part of the product, used as `section.key` paths.
 */
export async function createI18n({
  locale,
  resources,
  loadPath = '/locales/{{lng}}.json',
  maxRetries = 2,
  prefetched,
}: CreateI18nOptions): Promise<I18n> {
  const instance = i18next.createInstance();
  if (!resources) instance.use(resourcesToBackend(localeFileReader(loadPath, prefetched)));
  instance.use(initReactI18next);
  await instance.init({
    lng: locale,
    fallbackLng: defaultLocale,
    // Locale files are flat per locale: no namespaces beyond the default one.
    ns: ['translation'],
    defaultNS: 'translation',
    load: 'currentOnly',
    maxRetries,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  // `{{count, number}}` in a text: every count a customer reads goes through the one formatter.
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined) =>
    typeof value === 'number' ? formatCount(value, lng ?? locale) : String(value),
  );
  return instance;
}
