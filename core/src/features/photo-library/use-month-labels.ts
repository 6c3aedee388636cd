import { useEffect, useState } from 'react';
import type { Locale } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { getLoadedDateLocale, loadDateLocale } from '../../lib/dates';
import { monthLabel } from './month-sections';

/** `labelFor(year, month)` in the user's language, once its date-fns locale has loaded. */
export function useMonthLabels(): (year: number, month: number) => string {
  const { t, i18n } = useTranslation();
  const localeId = i18n.language;
  const [locale, setLocale] = useState<Locale | undefined>(() => getLoadedDateLocale(localeId));
  useEffect(() => {
    let cancelled = false;
    loadDateLocale(localeId).then(
      (loaded) => {
        if (!cancelled) setLocale(loaded);
      },
      (error: unknown) => console.warn('Date locale not loaded', error),
    );
    return () => {
      cancelled = true;
    };
  }, [localeId]);
  const unknownDateLabel = t('photos.timeline.unknownDate');
  return (year, month) => monthLabel(year, month, { locale, localeId, unknownDateLabel });
}
