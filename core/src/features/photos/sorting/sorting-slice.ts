import { createSlice, prepareAutoBatched } from '@reduxjs/toolkit';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { z } from 'zod/mini';
import { sortingOptionsSchema } from '../../../api/schemas/paging';
import type { SortingOptions } from '../../../api/schemas/paging';
import type { PlatformStorage } from '../../../platform/platform';
import type { ThunkExtra } from '../../../api/base-api';
import { rootReducer } from '../../../store/store';
import type { AppDispatch, RootState } from '../../../store/store';

/** The three photo lists that remember their own sort (docs/product.md#data). */
export const sortingViews = ['photos', 'albumPhotos', 'sharedAlbumPhotos'] as const;
export type SortingView = (typeof sortingViews)[number];
export type SortingOptionsByView = Record<SortingView, SortingOptions>;

/** Local storage key (docs/product.md#limits). */
export const SORTING_OPTIONS_KEY = 'sortingOptions';

/** Defaults of docs/product.md#data: library photos by date taken, album photos by date added; newest first. */
export const DEFAULT_SORTING_OPTIONS: SortingOptionsByView = {
  photos: { sortKey: 'dateTaken', sortOrder: 'desc' },
  albumPhotos: { sortKey: 'created', sortOrder: 'desc' },
  sharedAlbumPhotos: { sortKey: 'created', sortOrder: 'desc' },
};

/**
 * Reads the stored options. Each view is validated on its own (docs/product.md#validation: sort key created or
 * dateTaken, order asc or desc): a bad or missing value falls back to that view's default and
 * never discards the other views.
 */
export function parseStoredSortingOptions(raw: string | null): SortingOptionsByView {
  const result: SortingOptionsByView = { ...DEFAULT_SORTING_OPTIONS };
  if (!raw) return result;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return result;
  }
  const record = z.record(z.string(), z.unknown()).safeParse(parsed);
  if (!record.success) return result;
  for (const view of sortingViews) {
    const options = sortingOptionsSchema.safeParse(record.data[view]);
    if (options.success) result[view] = options.data;
  }
  return result;
}

export function readSortingOptions(storage: PlatformStorage): SortingOptionsByView {
  try {
    return parseStoredSortingOptions(storage.get(SORTING_OPTIONS_KEY));
  } catch {
    return { ...DEFAULT_SORTING_OPTIONS };
  }
}

interface SortingState {
  /** False until the stored options were read (the slice cannot reach the platform by itself). */
  hydrated: boolean;
  byView: SortingOptionsByView;
}

const initialState: SortingState = { hydrated: false, byView: DEFAULT_SORTING_OPTIONS };

export const sortingSlice = createSlice({
  name: 'sorting',
  initialState,
  reducers: {
    // Dispatched from a page's first effects, with its queries starting: batched with their
    // updates (the store tells the page once, at the next frame) rather than re-rendering the
    // whole page synchronously inside those effects. Its readers use the stored options until then.
    sortingHydrated: {
      reducer(state, action: PayloadAction<SortingOptionsByView>) {
        if (state.hydrated) return;
        state.hydrated = true;
        state.byView = action.payload;
      },
      prepare: prepareAutoBatched<SortingOptionsByView>(),
    },
    sortingOptionsChanged(
      state,
      action: PayloadAction<{ view: SortingView; options: SortingOptions }>,
    ) {
      state.byView[action.payload.view] = action.payload.options;
    },
  },
});

declare module '../../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof sortingSlice> {}
}
const injectedSortingSlice = sortingSlice.injectInto(rootReducer);

export const { sortingHydrated, sortingOptionsChanged } = sortingSlice.actions;

/** Whether the stored options have been read into the store. */
export const selectSortingHydrated = (state: RootState): boolean =>
  injectedSortingSlice.selectSlice(state).hydrated;

/** The current options of one view (defaults until hydrated; `useSortingOptions` hydrates). */
export const selectSortingOptions =
  (view: SortingView) =>
  (state: RootState): SortingOptions =>
    injectedSortingSlice.selectSlice(state).byView[view];

/**
 * Changes one view's sort and persists all views under `sortingOptions`. A thunk, so the
 * storage write lives next to the change and every caller persists the same way.
 */
export function setSortingOptions(view: SortingView, options: SortingOptions) {
  return (dispatch: AppDispatch, getState: () => RootState, { platform }: ThunkExtra) => {
    const state = injectedSortingSlice.selectSlice(getState());
    // Hydrate first so a change made before any read does not overwrite other views' values.
    if (!state.hydrated) dispatch(sortingHydrated(readSortingOptions(platform.storage)));
    dispatch(sortingOptionsChanged({ view, options }));
    try {
      platform.storage.set(
        SORTING_OPTIONS_KEY,
        JSON.stringify(injectedSortingSlice.selectSlice(getState()).byView),
      );
    } catch {
      // Storage full or blocked: the sort still applies for this session.
    }
  };
}
