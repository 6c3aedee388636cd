import { format as formatDate } from 'date-fns';
import { getLoadedDateLocale } from './date-locale';

export { loadDateLocale, getLoadedDateLocale } from './date-locale';

/** `format` with the brand's date-fns locale (load it first with `loadDateLocale`). */
export function formatWithLocale(date: Date | number, pattern: string, locale: string): string {
  return formatDate(date, pattern, { locale: getLoadedDateLocale(locale) });
}
