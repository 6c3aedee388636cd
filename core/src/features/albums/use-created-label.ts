import { useTranslation } from 'react-i18next';
import { formatWithLocale, useDateLocale } from '../../lib/dates';
import { CREATED_DATE_PATTERN, createdLabel } from './created-label';

/** 'Created today' / 'Created yesterday' / 'Created {dd MMM yyyy}' in the brand's locale. */
export function useCreatedText(): (created: string) => string {
  const { t, i18n } = useTranslation();
  useDateLocale(i18n.language);
  return (created) => {
    const label = createdLabel(created);
    if (label.kind === 'today') return t('albums.createdToday');
    if (label.kind === 'yesterday') return t('albums.createdYesterday');
    return t('albums.createdOn', {
      date: formatWithLocale(label.date, CREATED_DATE_PATTERN, i18n.language),
    });
  };
}
