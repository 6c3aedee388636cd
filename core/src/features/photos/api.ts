import { baseApi } from '../../api/base-api';
import type { ApiError } from '../../api/base-api';
import { checked, parseResponse } from '../../api/checked-response';
import { MAX_PAGE_LIMIT, PAGE_LIMITS } from '../../api/schemas/paging';
import type { SortingOptions } from '../../api/schemas/paging';
import {
  deleteAllPhotosResponseSchema,
  deletePhotosResponseSchema,
  photoPageSchema,
} from '../../api/schemas/photo';
import type { DeleteAllPhotosResponse, Photo, PhotoPage } from '../../api/schemas/photo';
import { photoUserSchema } from '../../api/schemas/photo-user';
import type { PhotoUser } from '../../api/schemas/photo-user';
import { timelineResponseSchema } from '../../api/schemas/timeline';
import type { TimelineResponse } from '../../api/schemas/timeline';
import type { RootState } from '../../store/store';
import { photosRemoved } from './selection/selection-slice';
import { DELETE_FAILED_MESSAGE, deleteInBatches } from './delete-batches';
import { MONTH_PAGE_SIZE, monthSectionKey } from './month-sections';

/** Every cached list a change to the library can touch: its counts, its lists and the albums. */
export const LIBRARY_TAGS = [
  'User',
  'Timeline',
  'MonthPhotos',
  'Photos',
  'Albums',
  'AlbumPhotos',
  'Album',
] as const;

export interface MonthPhotosArg extends SortingOptions {
  year: number;
  month: number;
}

const nextCursor = (lastPage: PhotoPage) => lastPage.cursor ?? undefined;

/**
 * Month pages stay cached this long after their section left the screen: scrolling back within
 * it is instant, and after it memory holds only the months on screen, however large the library
 * (memory stays flat from 1,000 to 100,000 photos). Short, because React keeps each mounted
 * section's previous render, and with it the store state of that moment, until the section
 * renders again: a fast fling ends holding every month cached at that moment (at 15 s, about
 * 100 months of 24 photos in the 100,000-photo bench).
 */
export const MONTH_CACHE_SECONDS = 5;

export const photosApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users: counts for the tabs and the activation status. */
    getPhotoUser: build.query<PhotoUser, void>({
      query: () => ({ api: 'photo', url: '/users' }),
      ...checked(photoUserSchema),
      providesTags: ['User'],
    }),
    /** GET /users/timeline: photo counts per month; every section's height comes from it. */
    getTimeline: build.query<TimelineResponse, void>({
      query: () => ({ api: 'photo', url: '/users/timeline' }),
      ...checked(timelineResponseSchema),
      providesTags: ['Timeline'],
    }),
    /** One month section: pages of 24 appended by cursor. */
    getMonthPhotos: build.infiniteQuery<PhotoPage, MonthPhotosArg, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: nextCursor },
      query: ({ queryArg, pageParam }) => ({
        api: 'photo',
        url: `/photos/timeline/${queryArg.year}/${queryArg.month}`,
        params: {
          cursor: pageParam,
          limit: MONTH_PAGE_SIZE,
          sortKey: queryArg.sortKey,
          sortOrder: queryArg.sortOrder,
        },
      }),
      ...checked(photoPageSchema),
      keepUnusedDataFor: MONTH_CACHE_SECONDS,
      providesTags: (_result, _error, arg) => [
        { type: 'MonthPhotos', id: monthSectionKey(arg.year, arg.month) },
      ],
    }),
    /** The flat, infinite-scroll list (upload order), pages of 500 (docs/product.md#limits). */
    getPhotos: build.infiniteQuery<PhotoPage, SortingOptions, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: nextCursor },
      query: ({ queryArg, pageParam }) => ({
        api: 'photo',
        url: '/photos',
        params: {
          cursor: pageParam,
          limit: PAGE_LIMITS.photos,
          sortKey: queryArg.sortKey,
          sortOrder: queryArg.sortOrder,
        },
      }),
      ...checked(photoPageSchema),
      providesTags: ['Photos'],
    }),
    /**
     * The ids of every photo of one month (`month` set) or of the library, read in pages of 500
     * when an action needs the photos of a selection that holds them whole. Never cached.
     */
    getPhotoIds: build.query<string[], { month?: { year: number; month: number } }>({
      async queryFn({ month }, _api, _extra, baseQuery) {
        const ids: string[] = [];
        let cursor: string | null = null;
        // Bounded: a cursor that never ends must not loop forever (2,000 pages = 1,000,000 photos).
        for (let page = 0; page < 2000; page += 1) {
          const result = await baseQuery({
            api: 'photo',
            url: month ? `/photos/timeline/${month.year}/${month.month}` : '/photos',
            params: { cursor, limit: MAX_PAGE_LIMIT, sortKey: 'dateTaken', sortOrder: 'desc' },
          });
          if (result.error) return { error: result.error as ApiError };
          const parsed = parseResponse(photoPageSchema, result.data);
          if ('error' in parsed) return { error: parsed.error };
          for (const photo of parsed.data.images) ids.push(photo.imageId);
          cursor = parsed.data.cursor ?? null;
          if (cursor === null) break;
        }
        return { data: ids };
      },
      keepUnusedDataFor: 0,
    }),
    /**
     * DELETE /photos in batches with retries (see delete-batches.ts). Optimistic: the photos leave
     * every cached list, the month counts and the user count at once, and come back on failure.
     * The photos go to Recently deleted; each batch's `deletionId` is what Undo restores.
     */
    deletePhotos: build.mutation<{ deleted: string[]; deletionIds: string[] }, string[]>({
      async queryFn(photoIds, _api, _extra, baseQuery) {
        let lastError: ApiError | null = null;
        const deletionIds: string[] = [];
        try {
          const deleted = await deleteInBatches(photoIds, async (batch) => {
            const result = await baseQuery({
              api: 'photo',
              url: '/photos',
              method: 'DELETE',
              body: { photoIds: batch },
            });
            if (result.error) {
              lastError = result.error as ApiError;
              throw new Error(DELETE_FAILED_MESSAGE);
            }
            const parsed = parseResponse(deletePhotosResponseSchema, result.data);
            if ('error' in parsed) {
              lastError = parsed.error;
              throw new Error(DELETE_FAILED_MESSAGE);
            }
            deletionIds.push(parsed.data.deletionId);
            return parsed.data;
          });
          return { data: { deleted, deletionIds } };
        } catch (error) {
          const failure = lastError as ApiError | null;
          return {
            error: {
              status: failure?.status ?? 500,
              message: error instanceof Error ? error.message : DELETE_FAILED_MESSAGE,
              correlationId: failure?.correlationId ?? '',
            },
          };
        }
      },
      async onQueryStarted(photoIds, { dispatch, getState, queryFulfilled }) {
        const undo = removePhotosFromCaches(photoIds, getState() as RootState, dispatch);
        dispatch(photosRemoved(photoIds));
        try {
          await queryFulfilled;
          // Covers and counts of albums may have changed; the lists were already patched.
          dispatch(
            photosApi.util.invalidateTags([
              'User',
              'Albums',
              'AlbumPhotos',
              'SharedAlbum',
              'Trash',
            ]),
          );
        } catch {
          undo();
          // Some batches may have gone through before the retries ran out: reload the truth.
          dispatch(photosApi.util.invalidateTags(['User', 'Timeline', 'MonthPhotos', 'Photos']));
        }
      },
    }),
    /**
     * DELETE /photos/all: the library goes to Recently deleted; its albums' contents and every
     * count change. The answer's `deletionId` is what Undo restores.
     */
    deleteAllPhotos: build.mutation<DeleteAllPhotosResponse, void>({
      query: () => ({ api: 'photo', url: '/photos/all', method: 'DELETE' }),
      ...checked(deleteAllPhotosResponseSchema),
      invalidatesTags: [...LIBRARY_TAGS, 'SharedAlbum', 'Trash'],
    }),
  }),
});

/**
 * Removes photos from every cached month page and flat page, lowers the month counts of the
 * timeline and the user's photo count. Returns a function that puts everything back.
 */
function removePhotosFromCaches(
  photoIds: readonly string[],
  state: RootState,
  dispatch: (action: unknown) => unknown,
): () => void {
  const removed = new Set(photoIds);
  const patches: { undo(): void }[] = [];
  const removedPerMonth = new Map<string, { year: number; month: number; count: number }>();
  const drop = (photos: Photo[]) => photos.filter((photo) => !removed.has(photo.imageId));
  const entries = photosApi.util.selectInvalidatedBy(state, ['MonthPhotos', 'Photos']);
  for (const entry of entries) {
    if (entry.endpointName === 'getMonthPhotos') {
      const arg = entry.originalArgs as MonthPhotosArg;
      const cached = photosApi.endpoints.getMonthPhotos.select(arg)(state).data;
      const hits =
        cached?.pages.reduce(
          (n, page) => n + page.images.filter((p) => removed.has(p.imageId)).length,
          0,
        ) ?? 0;
      if (hits === 0) continue;
      const key = monthSectionKey(arg.year, arg.month);
      // The same month may be cached under two sorts: count its photos once.
      const known = removedPerMonth.get(key);
      if (!known || known.count < hits)
        removedPerMonth.set(key, { year: arg.year, month: arg.month, count: hits });
      patches.push(
        dispatch(
          photosApi.util.updateQueryData('getMonthPhotos', arg, (draft) => {
            for (const page of draft.pages) page.images = drop(page.images);
          }),
        ) as { undo(): void },
      );
    } else if (entry.endpointName === 'getPhotos') {
      const arg = entry.originalArgs as SortingOptions;
      patches.push(
        dispatch(
          photosApi.util.updateQueryData('getPhotos', arg, (draft) => {
            for (const page of draft.pages) page.images = drop(page.images);
          }),
        ) as { undo(): void },
      );
    }
  }
  if (removedPerMonth.size > 0) {
    patches.push(
      dispatch(
        photosApi.util.updateQueryData('getTimeline', undefined, (draft) => {
          for (const { year, month, count } of removedPerMonth.values()) {
            const months = draft.timeline[String(year)];
            const current = months?.[String(month)];
            if (!months || current === undefined) continue;
            const next = current - count;
            if (next > 0) months[String(month)] = next;
            else delete months[String(month)];
          }
        }),
      ) as { undo(): void },
    );
  }
  patches.push(
    dispatch(
      photosApi.util.updateQueryData('getPhotoUser', undefined, (draft) => {
        draft.photosCount = Math.max(0, draft.photosCount - photoIds.length);
      }),
    ) as { undo(): void },
  );
  return () => {
    for (const patch of patches.reverse()) patch.undo();
  };
}

export const {
  useGetPhotoUserQuery,
  useGetTimelineQuery,
  useGetPhotosInfiniteQuery,
  useDeletePhotosMutation,
  useDeleteAllPhotosMutation,
} = photosApi;
