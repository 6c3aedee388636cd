import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
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

/** Changes the page; `replace` corrects the address instead of adding a history entry. */
export type SetPage = (page: number, options?: { replace?: boolean }) => void;

/**
 * The page of a paged list kept in the query string (`page`, 1-based), so Back, reload and a
 * shared link land on the same page; anything but a positive integer reads as `firstPage`.
 * Changing it keeps the query's other parameters.
 */
export function usePageInQuery(firstPage = 1): [number, SetPage] {
  const [search, setSearch] = useSearchParams();
  const requested = Number(search.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : firstPage;
  const setPage: SetPage = (next, options) => {
    const params = new URLSearchParams(search);
    params.set('page', String(next));
    setSearch(params, { replace: options?.replace });
  };
  return [page, setPage];
}

/**
 * The one clamp of every paged list (docs/product.md#account-pages, "Paged lists"): a page past
 * the last one (an old link, a list that shrank) goes to the last page, replacing the address.
 * `pages` is the list's page count, undefined until the list has answered. Returns whether the
 * page is past the end, so the list can show its spinner rather than an empty page meanwhile.
 */
export function useLastPageClamp(
  page: number,
  pages: number | undefined,
  setPage: SetPage,
): boolean {
  const last = pages !== undefined && pages >= 1 && page > pages ? pages : null;
  useEffect(() => {
    if (last !== null) setPage(last, { replace: true });
    // Only the page to go to counts; `setPage` is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [last]);
  return last !== null;
}
