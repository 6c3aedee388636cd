import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PagerProps {
  /** The current page, 1-based. */
  page: number;
  /** How many pages there are; nothing shows for one page. */
  pages: number;
  onChange: (page: number) => void;
}

/** Previous / next buttons with "Page {page} of {pages}" for the paged account lists. */
export function Pager({ page, pages, onChange }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Group justify="center" gap="sm" component="nav" aria-label={t('common.pagination')}>
      <Button variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('common.previousPage')}
      </Button>
      <Text size="sm" aria-live="polite">
        {t('common.pageOf', { page, pages })}
      </Text>
      <Button variant="default" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('common.nextPage')}
      </Button>
    </Group>
  );
}
