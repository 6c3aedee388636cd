import { useEffect, useMemo, useState } from 'react';
import type { SortingOptions } from '../../../api/schemas/paging';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../store/hooks';
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
 *
 * The hydration stores the very objects read here, and the reader selects the view's options
 * alone (not the "hydrated" flag): once the store has them, the selection is the same object as
 * before and the page is not rendered again for it. Reading the flag re-rendered all of My
 * photos in the frame after its first effects (about 100 ms on a phone).
 */
export function useSortingOptions(
  view: SortingView,
): [SortingOptions, (options: SortingOptions) => void] {
  const platform = usePlatform();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // Read once per mount, and only while the store has no options of its own yet.
  const [fromStorage] = useState(() =>
    selectSortingHydrated(store.getState()) ? null : readSortingOptions(platform.storage),
  );
  const selectForView = useMemo(() => selectSortingOptions(view), [view]);
  const options = useAppSelector((state) =>
    fromStorage && !selectSortingHydrated(state) ? fromStorage[view] : selectForView(state),
  );
  useEffect(() => {
    if (fromStorage) dispatch(sortingHydrated(fromStorage));
  }, [dispatch, fromStorage]);
  const set = useMemo(
    () => (next: SortingOptions) => dispatch(setSortingOptions(view, next)),
    [dispatch, view],
  );
  return [options, set];
}
