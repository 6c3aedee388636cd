import {
  DEFAULT_SORTING_OPTIONS,
  SORTING_OPTIONS_KEY,
  parseStoredSortingOptions,
  selectSortingHydrated,
  selectSortingOptions,
  setSortingOptions,
  sortingHydrated,
} from './sorting-slice';
import { sortMenuOptions } from './sort-menu-options';
import { createStore } from '../../../store/store';
import type { Platform } from '../../../platform/platform';
import type { ClientConfig } from '../../../api/schemas/config';

describe('sort rules (docs/product.md#data, docs/product.md#validation, docs/product.md#limits)', () => {
  it('defaults: library photos by date taken, album and shared-album photos by date added, newest first', () => {
    expect(DEFAULT_SORTING_OPTIONS).toEqual({
      photos: { sortKey: 'dateTaken', sortOrder: 'desc' },
      albumPhotos: { sortKey: 'created', sortOrder: 'desc' },
      sharedAlbumPhotos: { sortKey: 'created', sortOrder: 'desc' },
    });
  });

  it.each([
    ['nothing stored', null, DEFAULT_SORTING_OPTIONS],
    ['not JSON', '{oops', DEFAULT_SORTING_OPTIONS],
    ['an array', '[1,2]', DEFAULT_SORTING_OPTIONS],
    [
      'one valid view keeps the others at default',
      JSON.stringify({ photos: { sortKey: 'created', sortOrder: 'asc' } }),
      { ...DEFAULT_SORTING_OPTIONS, photos: { sortKey: 'created', sortOrder: 'asc' } },
    ],
    [
      'an unknown sort key is ignored',
      JSON.stringify({
        photos: { sortKey: 'name', sortOrder: 'asc' },
        albumPhotos: { sortKey: 'dateTaken', sortOrder: 'asc' },
      }),
      { ...DEFAULT_SORTING_OPTIONS, albumPhotos: { sortKey: 'dateTaken', sortOrder: 'asc' } },
    ],
    [
      'an unknown sort order is ignored',
      JSON.stringify({ sharedAlbumPhotos: { sortKey: 'created', sortOrder: 'up' } }),
      DEFAULT_SORTING_OPTIONS,
    ],
    [
      'unknown views are ignored',
      JSON.stringify({ other: { sortKey: 'created', sortOrder: 'asc' } }),
      DEFAULT_SORTING_OPTIONS,
    ],
  ])('reading stored options: %s', (_name, raw, expected) => {
    expect(parseStoredSortingOptions(raw)).toEqual(expected);
  });

  it('offers date taken and date uploaded/added in both orders per view', () => {
    expect(sortMenuOptions('photos').map((o) => o.labelKey)).toEqual([
      'photos.sort.dateTakenDesc',
      'photos.sort.dateTakenAsc',
      'photos.sort.uploadedDesc',
      'photos.sort.uploadedAsc',
    ]);
    expect(sortMenuOptions('albumPhotos').map((o) => o.id)).toEqual([
      'dateTaken-desc',
      'dateTaken-asc',
      'created-desc',
      'created-asc',
    ]);
  });

  it('a change is persisted for all views under sortingOptions and keeps the other views', () => {
    const values = new Map<string, string>([
      [
        SORTING_OPTIONS_KEY,
        JSON.stringify({ albumPhotos: { sortKey: 'dateTaken', sortOrder: 'asc' } }),
      ],
    ]);
    const storage = {
      get: (key: string) => values.get(key) ?? null,
      set: (key: string, value: string) => void values.set(key, value),
      remove: (key: string) => void values.delete(key),
      isAvailable: () => true,
    };
    const store = createStore({
      platform: { storage } as unknown as Platform,
      config: {} as ClientConfig,
    });
    store.dispatch(setSortingOptions('photos', { sortKey: 'created', sortOrder: 'asc' }));
    expect(selectSortingOptions('photos')(store.getState())).toEqual({
      sortKey: 'created',
      sortOrder: 'asc',
    });
    expect(JSON.parse(values.get(SORTING_OPTIONS_KEY)!)).toEqual({
      photos: { sortKey: 'created', sortOrder: 'asc' },
      albumPhotos: { sortKey: 'dateTaken', sortOrder: 'asc' },
      sharedAlbumPhotos: { sortKey: 'created', sortOrder: 'desc' },
    });
  });

  it('reading the stored options wakes the store’s readers at the next frame, with the queries the page starts, not at once', async () => {
    const store = createStore({ platform: {} as Platform, config: {} as ClientConfig });
    // A store in use: the API middleware announces itself on the first action it sees.
    store.dispatch({ type: 'app/started' });
    const woken = vi.fn();
    store.subscribe(woken);
    store.dispatch(sortingHydrated(DEFAULT_SORTING_OPTIONS));
    expect(selectSortingHydrated(store.getState())).toBe(true);
    expect(woken).not.toHaveBeenCalled();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await vi.waitFor(() => expect(woken).toHaveBeenCalledTimes(1));
  });
});
