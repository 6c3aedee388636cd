import { baseApi } from '../../api/base-api';
import { checked, parseResponse } from '../../api/checked-response';
import { albumPageSchema, albumSchema, createAlbumResponseSchema } from '../../api/schemas/album';
import type { Album, AlbumPage, CreateAlbumResponse } from '../../api/schemas/album';
import { PAGE_LIMITS } from '../../api/schemas/paging';
import type { SortingOptions } from '../../api/schemas/paging';
import {
  failedIdsResponseSchema,
  photoPageSchema,
  sharedPhotoPageSchema,
} from '../../api/schemas/photo';
import type { FailedIdsResponse, PhotoPage, SharedPhotoPage } from '../../api/schemas/photo';
import {
  sharedAlbumPageSchema,
  sharedAlbumParticipantsSchema,
  sharedAlbumSchema,
} from '../../api/schemas/shared-album';
import type { SharedAlbum, SharedAlbumPage } from '../../api/schemas/shared-album';

/** Page parameter of the album lists: the first page is one less (the 'New album' tile). */
export interface AlbumPageParam {
  cursor: string | null;
  limit: number;
}

const firstAlbumPage: AlbumPageParam = { cursor: null, limit: PAGE_LIMITS.firstAlbumPage };

function nextAlbumPage(lastPage: { cursor: string | null }): AlbumPageParam | undefined {
  return lastPage.cursor ? { cursor: lastPage.cursor, limit: PAGE_LIMITS.albums } : undefined;
}

const nextCursor = (lastPage: { cursor: string | null }) => lastPage.cursor ?? undefined;

export interface AlbumPhotosArg extends SortingOptions {
  albumId: string;
}

/** Paging of an album list (`/albums` or `/shared-albums`): both leave room for the 'New album' tile. */
function albumListPaging(url: string) {
  return {
    infiniteQueryOptions: { initialPageParam: firstAlbumPage, getNextPageParam: nextAlbumPage },
    query: ({ pageParam }: { pageParam: AlbumPageParam }) => ({
      api: 'photo' as const,
      url,
      params: { cursor: pageParam.cursor, limit: pageParam.limit },
    }),
  };
}

/** Cursor paging of an album's photos in the user's sort order; `albumsUrl` tells own from shared. */
function albumPhotosPaging(albumsUrl: '/albums' | '/shared-albums') {
  return {
    infiniteQueryOptions: { initialPageParam: null, getNextPageParam: nextCursor },
    query: ({ queryArg, pageParam }: { queryArg: AlbumPhotosArg; pageParam: string | null }) => ({
      api: 'photo' as const,
      url: `${albumsUrl}/${queryArg.albumId}/photos`,
      params: {
        cursor: pageParam,
        limit: PAGE_LIMITS.photos,
        sortKey: queryArg.sortKey,
        sortOrder: queryArg.sortOrder,
      },
    }),
  };
}

interface AlbumPhotoIds {
  albumId: string;
  photoIds: string[];
}

/**
 * Adding to and removing from an album differ only in the method; either changes the album's
 * photos, its cover/count and the list's tiles, so all three are refetched.
 */
function albumPhotosChange(method: 'POST' | 'DELETE') {
  return {
    query: ({ albumId, photoIds }: AlbumPhotoIds) => ({
      api: 'photo' as const,
      url: `/albums/${albumId}/photos`,
      method,
      body: { photoIds },
    }),
    ...checked(failedIdsResponseSchema),
    invalidatesTags: (_result: unknown, _error: unknown, { albumId }: AlbumPhotoIds) => [
      { type: 'Album' as const, id: albumId },
      { type: 'AlbumPhotos' as const, id: albumId },
      'Albums' as const,
    ],
  };
}

export const albumsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAlbums: build.infiniteQuery<AlbumPage, void, AlbumPageParam>({
      ...albumListPaging('/albums'),
      ...checked(albumPageSchema),
      providesTags: ['Albums'],
    }),
    getSharedAlbums: build.infiniteQuery<SharedAlbumPage, void, AlbumPageParam>({
      ...albumListPaging('/shared-albums'),
      ...checked(sharedAlbumPageSchema),
      providesTags: ['SharedAlbums'],
    }),
    getAlbum: build.query<Album, string>({
      query: (albumId) => ({ api: 'photo', url: `/albums/${albumId}` }),
      ...checked(albumSchema),
      providesTags: (_result, _error, albumId) => [{ type: 'Album', id: albumId }],
    }),
    createAlbum: build.mutation<CreateAlbumResponse, { name: string }>({
      query: (body) => ({ api: 'photo', url: '/albums', method: 'POST', body }),
      ...checked(createAlbumResponseSchema),
      invalidatesTags: ['Albums', 'User'],
    }),
    renameAlbum: build.mutation<Album, { albumId: string; name: string }>({
      query: ({ albumId, name }) => ({
        api: 'photo',
        url: `/albums/${albumId}`,
        method: 'PATCH',
        body: { name },
      }),
      ...checked(albumSchema),
      invalidatesTags: (_result, _error, { albumId }) => [{ type: 'Album', id: albumId }, 'Albums'],
    }),
    /** The album goes to Recently deleted (docs/product.md#recently-deleted); its photos stay. */
    deleteAlbum: build.mutation<unknown, string>({
      query: (albumId) => ({ api: 'photo', url: `/albums/${albumId}`, method: 'DELETE' }),
      invalidatesTags: ['Albums', 'User', 'Trash'],
    }),
    getAlbumPhotos: build.infiniteQuery<PhotoPage, AlbumPhotosArg, string | null>({
      ...albumPhotosPaging('/albums'),
      ...checked(photoPageSchema),
      providesTags: (_result, _error, { albumId }) => [{ type: 'AlbumPhotos', id: albumId }],
    }),
    /** Copy to album (docs/product.md#screens): the photos stay in the library and in other albums. */
    addPhotosToAlbum: build.mutation<FailedIdsResponse, AlbumPhotoIds>(albumPhotosChange('POST')),
    removePhotosFromAlbum: build.mutation<FailedIdsResponse, AlbumPhotoIds>(
      albumPhotosChange('DELETE'),
    ),
    /** GET /shared-albums/{id} together with its participants (docs/product.md#apis). */
    getSharedAlbum: build.query<SharedAlbum, string>({
      async queryFn(albumId, _api, _extra, baseQuery) {
        const [album, members] = await Promise.all([
          baseQuery({ api: 'photo', url: `/shared-albums/${albumId}` }),
          baseQuery({ api: 'photo', url: `/shared-albums/${albumId}/participants` }),
        ]);
        if (album.error) return { error: album.error };
        if (members.error) return { error: members.error };
        const parsedAlbum = parseResponse(sharedAlbumSchema, album.data);
        const parsedMembers = parseResponse(sharedAlbumParticipantsSchema, members.data);
        if ('error' in parsedAlbum) return parsedAlbum;
        if ('error' in parsedMembers) return parsedMembers;
        return { data: { ...parsedAlbum.data, ...parsedMembers.data } };
      },
      providesTags: (_result, _error, albumId) => [{ type: 'SharedAlbum', id: albumId }],
    }),
    getSharedAlbumPhotos: build.infiniteQuery<SharedPhotoPage, AlbumPhotosArg, string | null>({
      ...albumPhotosPaging('/shared-albums'),
      ...checked(sharedPhotoPageSchema),
      providesTags: (_result, _error, { albumId }) => [{ type: 'SharedAlbum', id: albumId }],
    }),
    /**
     * Owner: removes the album for every participant (photos stay in the accounts).
     * Participant: leaves the album and removes the photos they added to it (docs/product.md#roles-and-flags).
     */
    deleteSharedAlbum: build.mutation<unknown, string>({
      query: (albumId) => ({ api: 'photo', url: `/shared-albums/${albumId}`, method: 'DELETE' }),
      invalidatesTags: ['SharedAlbums', 'Albums', 'User'],
    }),
  }),
});

export const {
  useGetAlbumsInfiniteQuery,
  useGetSharedAlbumsInfiniteQuery,
  useGetAlbumQuery,
  useCreateAlbumMutation,
  useRenameAlbumMutation,
  useDeleteAlbumMutation,
  useGetAlbumPhotosInfiniteQuery,
  useAddPhotosToAlbumMutation,
  useRemovePhotosFromAlbumMutation,
  useGetSharedAlbumQuery,
  useGetSharedAlbumPhotosInfiniteQuery,
  useDeleteSharedAlbumMutation,
} = albumsApi;
