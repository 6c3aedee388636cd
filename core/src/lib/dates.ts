import { format as formatDate } from 'date-fns';
import { useEffect, useReducer } from 'react';
import { getLoadedDateLocale, loadDateLocale } from './date-locale';

export { loadDateLocale, getLoadedDateLocale } from './date-locale';

/** `format` with the brand's date-fns locale (load it first with `loadDateLocale`). */
export function formatWithLocale(date: Date | number, pattern: string, locale: string): string {
  return formatDate(date, pattern, { locale: getLoadedDateLocale(locale) });
}

/**
 * Loads the date-fns locale of `localeId` and re-renders once it is there (until then
 * `formatWithLocale` formats in English). Pages that format dates call it, so the locale is not
 * part of every page's first download.
 */
export function useDateLocale(localeId: string): void {
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    let cancelled = false;
    loadDateLocale(localeId).then(
      () => {
        if (!cancelled) loaded();
      },
      (error: unknown) => console.warn('Date locale not loaded', error),
    );
    return () => {
      cancelled = true;
    };
  }, [localeId]);
}
