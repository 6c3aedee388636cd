import { Button, Group, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { pageHeading, useFocusOnResult } from './focus-result';

export interface PagerProps {
  /** The current page, 1-based. */
  page: number;
  /** How many pages there are; nothing shows for one page. */
  pages: number;
  onChange: (page: number) => void;
}

/**
 * Previous / next buttons with "Page {page} of {pages}" for the paged account lists. After a
 * turn the new page starts at its top: focus goes to the page's heading (docs/product.md#focus),
 * never to a button that the turn disabled (Next on the last page).
 */
export function Pager({ page, pages, onChange }: PagerProps) {
  const { t } = useTranslation();
  const nav = useRef<HTMLDivElement>(null);
  const [turns, setTurns] = useState(0);
  useFocusOnResult(() => pageHeading(nav.current), turns || null, { scroll: 'start' });
  if (pages <= 1) return null;
  const turn = (next: number) => {
    onChange(next);
    setTurns((count) => count + 1);
  };
  return (
    <Group ref={nav} justify="center" gap="sm" component="nav" aria-label={t('common.pagination')}>
      <Button variant="default" disabled={page <= 1} onClick={() => turn(page - 1)}>
        {t('common.previousPage')}
      </Button>
      <Text size="sm" aria-live="polite">
        {t('common.pageOf', { page, pages })}
      </Text>
      <Button variant="default" disabled={page >= pages} onClick={() => turn(page + 1)}>
        {t('common.nextPage')}
      </Button>
    </Group>
  );
}

/**
 * The page of a paged list kept in the query string (`page`, 1-based), so Back, reload and a
 * shared link land on the same page; anything but a positive integer reads as `firstPage`.
 * Changing it keeps the query's other parameters.
 */
export function usePageInQuery(firstPage = 1): [number, (page: number) => void] {
  const [search, setSearch] = useSearchParams();
  const requested = Number(search.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : firstPage;
  const setPage = (next: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(next));
    setSearch(params);
  };
  return [page, setPage];
}
