import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useLastPageClamp, usePageInQuery } from './pager';

function withQuery(query: string) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[`/list${query}`]}>{children}</MemoryRouter>
  );
}

describe('usePageInQuery', () => {
  it.each([
    ['', 1],
    ['?page=3', 3],
    ['?page=0', 1],
    ['?page=-2', 1],
    ['?page=2.5', 1],
    ['?page=abc', 1],
  ])('reads %s as page %i', (query, page) => {
    const { result } = renderHook(() => usePageInQuery(), { wrapper: withQuery(query) });
    expect(result.current[0]).toBe(page);
  });

  it('falls back to the given first page and keeps the other parameters when it changes', () => {
    const { result } = renderHook(() => ({ pager: usePageInQuery(1), location: useLocation() }), {
      wrapper: withQuery('?sort=new'),
    });
    expect(result.current.pager[0]).toBe(1);
    act(() => result.current.pager[1](4));
    expect(result.current.pager[0]).toBe(4);
    expect(result.current.location.search).toBe('?sort=new&page=4');
  });
});

describe('useLastPageClamp', () => {
  function useClampedList(pages: number | undefined) {
    const [page, setPage] = usePageInQuery();
    const pastTheEnd = useLastPageClamp(page, pages, setPage);
    return { page, pastTheEnd, location: useLocation(), navigationType: useNavigationType() };
  }

  it('sends a page past the last one to the last page, replacing the address', () => {
    const { result } = renderHook(() => useClampedList(3), {
      wrapper: withQuery('?sort=new&page=99'),
    });
    expect(result.current.page).toBe(3);
    expect(result.current.location.search).toBe('?sort=new&page=3');
    expect(result.current.navigationType).toBe('REPLACE');
    expect(result.current.pastTheEnd).toBe(false);
  });

  it('leaves the page alone while the page count is unknown or the page exists', () => {
    const unknown = renderHook(() => useClampedList(undefined), { wrapper: withQuery('?page=9') });
    expect(unknown.result.current.location.search).toBe('?page=9');
    expect(unknown.result.current.navigationType).toBe('POP');
    const inside = renderHook(() => useClampedList(9), { wrapper: withQuery('?page=9') });
    expect(inside.result.current.location.search).toBe('?page=9');
    expect(inside.result.current.pastTheEnd).toBe(false);
  });
});
