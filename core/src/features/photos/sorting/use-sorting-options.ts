import { useEffect, useMemo } from 'react';
import type { SortingOptions } from '../../../api/schemas/paging';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { usePlatform } from '../../../platform/platform-context';
import {
  readSortingOptions,
  selectSortingHydrated,
  selectSortingOptions,
  setSortingOptions,
  sortingHydrated,
} from './sorting-slice';
import type { SortingView } from './sorting-slice';

/**
 * A view's sort options and a setter. Before the store is hydrated it answers from storage
 * directly, so the first request already uses the stored sort (no refetch with the default).
 */
export function useSortingOptions(
  view: SortingView,
): [SortingOptions, (options: SortingOptions) => void] {
  const platform = usePlatform();
  const dispatch = useAppDispatch();
  const hydrated = useAppSelector(selectSortingHydrated);
  const selectForView = useMemo(() => selectSortingOptions(view), [view]);
  const fromStore = useAppSelector(selectForView);
  const fromStorage = useMemo(
    () => (hydrated ? null : readSortingOptions(platform.storage)),
    [hydrated, platform.storage],
  );
  useEffect(() => {
    if (fromStorage) dispatch(sortingHydrated(fromStorage));
  }, [dispatch, fromStorage]);
  const options = fromStorage ? fromStorage[view] : fromStore;
  const set = useMemo(
    () => (next: SortingOptions) => dispatch(setSortingOptions(view, next)),
    [dispatch, view],
  );
  return [options, set];
}
