import { useTranslation } from 'react-i18next';
import { monthLabel } from '../photos/month-sections';

/** `labelFor(year, month)` in the user's language. */
export function useMonthLabels(): (year: number, month: number) => string {
  const { t, i18n } = useTranslation();
  const localeId = i18n.language;
  const unknownDateLabel = t('photos.timeline.unknownDate');
  return (year, month) => monthLabel(year, month, { localeId, unknownDateLabel });
}
