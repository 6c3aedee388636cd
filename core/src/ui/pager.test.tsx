import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { usePageInQuery } from './pager';

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
