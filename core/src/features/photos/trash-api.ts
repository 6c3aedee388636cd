import { baseApi } from '../../api/base-api';
import type { ApiError } from '../../api/base-api';
import { checked, parseResponse } from '../../api/checked-response';
import { failedIdsResponseSchema } from '../../api/schemas/photo';
import type { FailedIdsResponse } from '../../api/schemas/photo';
import {
  emptyTrashResponseSchema,
  trashAlbumListSchema,
  trashPhotoPageSchema,
} from '../../api/schemas/trash';
import type { EmptyTrashResponse, TrashAlbumList, TrashPhotoPage } from '../../api/schemas/trash';
import { chunk } from './delete-batches';
import { LIBRARY_TAGS } from './api';

/**
 * Recently deleted (docs/product.md#recently-deleted): the trashed photos and albums, Undo of a
 * delete, restore, delete for good and Empty. A restore puts photos back in their months, the
 * flat list, their albums and the counts, so it reloads every library list; a delete for good
 * touches only Recently deleted.
 */

/** Page size of the Recently deleted grid (the server's default page). */
export const TRASH_PAGE_SIZE = 100;
/** The most ids one restore or delete request carries (the API's limit). */
const IDS_PER_REQUEST = 1000;

const RESTORED_TAGS = [...LIBRARY_TAGS, 'SharedAlbum', 'SharedAlbums', 'Trash'] as const;

export const trashApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /photos/trash: newest deletion first, pages by cursor. */
    getTrashPhotos: build.infiniteQuery<TrashPhotoPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
      },
      query: ({ pageParam }) => ({
        api: 'photo',
        url: '/photos/trash',
        params: { cursor: pageParam, limit: TRASH_PAGE_SIZE },
      }),
      ...checked(trashPhotoPageSchema),
      providesTags: ['Trash'],
    }),
    /** GET /albums/trash: the deleted own albums. */
    getTrashAlbums: build.query<TrashAlbumList, void>({
      query: () => ({ api: 'photo', url: '/albums/trash' }),
      ...checked(trashAlbumListSchema),
      providesTags: ['Trash'],
    }),
    /**
     * Undo of deletes: POST /photos/trash/restore with each deletion's id, which brings back
     * exactly the photos of that delete, with their album memberships (a delete in batches made
     * one deletion per batch; a whole library's delete one).
     */
    restoreDeletions: build.mutation<null, readonly string[]>({
      async queryFn(deletionIds, _api, _extra, baseQuery) {
        for (const deletionId of deletionIds) {
          const result = await baseQuery({
            api: 'photo',
            url: '/photos/trash/restore',
            method: 'POST',
            body: { deletionId },
          });
          if (result.error) return { error: result.error as ApiError };
        }
        return { data: null };
      },
      invalidatesTags: [...RESTORED_TAGS],
    }),
    /** POST /photos/trash/restore with picked photos; answers the ids that were not restored. */
    restorePhotos: build.mutation<FailedIdsResponse, readonly string[]>({
      queryFn: (photoIds, _api, _extra, baseQuery) =>
        sendInChunks(photoIds, (batch) =>
          baseQuery({
            api: 'photo',
            url: '/photos/trash/restore',
            method: 'POST',
            body: { photoIds: batch },
          }),
        ),
      invalidatesTags: [...RESTORED_TAGS],
    }),
    /** DELETE /photos/trash: these photos for good, their bytes freed. */
    purgePhotos: build.mutation<FailedIdsResponse, readonly string[]>({
      queryFn: (photoIds, _api, _extra, baseQuery) =>
        sendInChunks(photoIds, (batch) =>
          baseQuery({
            api: 'photo',
            url: '/photos/trash',
            method: 'DELETE',
            body: { photoIds: batch },
          }),
        ),
      invalidatesTags: ['Trash'],
    }),
    /** POST /albums/trash/restore: the albums come back with their photos. */
    restoreAlbums: build.mutation<FailedIdsResponse, readonly string[]>({
      query: (albumIds) => ({
        api: 'photo',
        url: '/albums/trash/restore',
        method: 'POST',
        body: { albumIds },
      }),
      ...checked(failedIdsResponseSchema),
      invalidatesTags: ['Albums', 'Album', 'AlbumPhotos', 'User', 'SharedAlbums', 'Trash'],
    }),
    /** DELETE /photos/trash/all ("Empty"): every trashed photo and album for good. */
    emptyTrash: build.mutation<EmptyTrashResponse, void>({
      query: () => ({ api: 'photo', url: '/photos/trash/all', method: 'DELETE' }),
      ...checked(emptyTrashResponseSchema),
      invalidatesTags: ['Trash'],
    }),
  }),
});

type BaseQueryResult = { data?: unknown; error?: unknown };

/** Sends ids in requests of at most the API's limit and gathers the ids that failed. */
async function sendInChunks(
  ids: readonly string[],
  send: (batch: string[]) => PromiseLike<BaseQueryResult> | BaseQueryResult,
): Promise<{ data: FailedIdsResponse } | { error: ApiError }> {
  const failed: string[] = [];
  for (const batch of chunk(ids, IDS_PER_REQUEST)) {
    const result = await send(batch);
    if (result.error) return { error: result.error as ApiError };
    const parsed = parseResponse(failedIdsResponseSchema, result.data);
    if ('error' in parsed) return { error: parsed.error };
    failed.push(...parsed.data.failed);
  }
  return { data: { failed } };
}

export const {
  useGetTrashPhotosInfiniteQuery,
  useGetTrashAlbumsQuery,
  useRestoreDeletionsMutation,
  useRestorePhotosMutation,
  usePurgePhotosMutation,
  useRestoreAlbumsMutation,
  useEmptyTrashMutation,
} = trashApi;
