import { useCallback } from 'react';
import { useAppDispatch, useAppStore } from '../../../store/hooks';
import { photosApi } from '../api';
import { selectSelection } from './selection-slice';
import type { SelectionState } from './selection-slice';

/** Reads the ids of one month (`yyyy-m` as year and month) or, without one, of the library. */
export type FetchPhotoIds = (month?: { year: number; month: number }) => Promise<string[]>;

function parseMonthKey(key: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{1,2})$/.exec(key);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

/**
 * The ids of a selection (see `selection-slice.ts`): its picked months, or the library minus the
 * months taken out, minus the photos taken out, plus the photos picked one by one. Only a
 * selection holding whole months or the library asks the server.
 */
export async function resolveSelection(
  selection: SelectionState,
  fetchIds: FetchPhotoIds,
): Promise<string[]> {
  const result = new Set<string>();
  const monthIds = async (counts: Record<string, number>) => {
    const months = Object.keys(counts)
      .map(parseMonthKey)
      .filter((month) => month !== null);
    return (await Promise.all(months.map((month) => fetchIds(month)))).flat();
  };
  if (selection.all !== null) {
    const [all, except] = await Promise.all([fetchIds(), monthIds(selection.exceptMonths)]);
    const out = new Set(except);
    for (const id of all) if (!out.has(id)) result.add(id);
  } else {
    for (const id of await monthIds(selection.months)) result.add(id);
  }
  for (const id of selection.excludedIds) result.delete(id);
  for (const id of selection.selectedIds) result.add(id);
  return [...result];
}

/** `resolveSelection` of the current selection against the photo API, for the actions. */
export function useResolveSelection(): () => Promise<string[]> {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  return useCallback(
    () =>
      resolveSelection(selectSelection(store.getState()), (month) =>
        dispatch(
          photosApi.endpoints.getPhotoIds.initiate(
            { month },
            { subscribe: false, forceRefetch: true },
          ),
        ).unwrap(),
      ),
    [dispatch, store],
  );
}
