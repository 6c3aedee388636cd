import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Photo, SharedPhoto } from '../../../api/schemas/photo';
import { showToast } from '../../../ui/toast';
import {
  useGetAlbumPhotosInfiniteQuery,
  useGetAlbumQuery,
  useGetSharedAlbumPhotosInfiniteQuery,
  useRemovePhotosFromAlbumMutation,
} from '../../albums/api';
import {
  PHOTOS_PATH,
  albumPath,
  albumPhotoPreviewPath,
  photoPreviewPath,
  sharedAlbumPath,
  sharedAlbumPhotoPreviewPath,
} from '../../albums/paths';
import { useSharedAlbumDownload } from '../../albums/use-shared-album-download';
import { usePhotoDownloads } from '../../downloads/use-photo-downloads';
import { useDeletePhotosMutation, useGetPhotosInfiniteQuery } from '../../photo-library/api';
import { useSortingOptions } from '../../sorting/use-sorting-options';
import { PhotoPreview } from '../components/photo-preview';
import type { PreviewSource } from '../components/photo-preview';

interface PagedResult<P> {
  data?: { pages: { images: P[] }[] };
  isLoading: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The loaded photos and paging of an infinite query, in the shape the preview needs. */
function usePaged<P>(result: PagedResult<P>) {
  const { data, fetchNextPage } = result;
  const photos = useMemo(() => (data?.pages ?? []).flatMap((page) => page.images), [data]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return {
    photos,
    isLoading: result.isLoading,
    isError: result.isError,
    hasMore: result.hasNextPage,
    isFetchingMore: result.isFetchingNextPage,
    loadMore,
  };
}

/** Library delete (optimistic in the photo caches, docs/product.md#states); resolves whether it worked. */
function useDeleteOne() {
  const { t } = useTranslation();
  const [deletePhotos] = useDeletePhotosMutation();
  return useCallback(
    async (photo: Photo) => {
      const result = await deletePhotos([photo.imageId]);
      if ('error' in result) {
        showToast({ message: t('preview.deleteError'), color: 'red' });
        return false;
      }
      return true;
    },
    [deletePhotos, t],
  );
}

/** /my-photos/photos/preview/:id (flag PhotoManagementTimelineViewEnabled). */
export function PhotoPreviewPage() {
  const { id = '' } = useParams();
  const [sorting] = useSortingOptions('photos');
  const paged = usePaged(useGetPhotosInfiniteQuery(sorting));
  const { download } = usePhotoDownloads();
  const deletePhoto = useDeleteOne();
  const source: PreviewSource = {
    kind: 'photos',
    ...paged,
    sortKey: sorting.sortKey,
    listPath: PHOTOS_PATH,
    previewPath: photoPreviewPath,
    download: (photo) => download([photo]),
    deletePhoto,
  };
  return <PhotoPreview source={source} photoId={id} />;
}

/** /my-photos/albums/:id/preview/:photoId (flag PhotoManagementAlbumViewEnabled). */
export function AlbumPhotoPreviewPage() {
  const { id = '', photoId = '' } = useParams();
  const { t } = useTranslation();
  const [sorting] = useSortingOptions('albumPhotos');
  const album = useGetAlbumQuery(id);
  const paged = usePaged(useGetAlbumPhotosInfiniteQuery({ albumId: id, ...sorting }));
  const { download } = usePhotoDownloads();
  const deletePhoto = useDeleteOne();
  const [removePhotos] = useRemovePhotosFromAlbumMutation();
  const albumName = album.data?.albumName ?? '';
  const source: PreviewSource = {
    kind: 'album',
    ...paged,
    sortKey: sorting.sortKey,
    listPath: albumPath(id),
    previewPath: (photo) => albumPhotoPreviewPath(id, photo),
    download: (photo) => download([photo]),
    deletePhoto,
    removeFromAlbum: async (photo) => {
      const result = await removePhotos({ albumId: id, photoIds: [photo.imageId] });
      if ('error' in result || result.data.failed.length > 0) return false;
      showToast({ message: t('albums.photoRemoved', { count: 1, albumName }) });
      return true;
    },
    albumName,
  };
  return <PhotoPreview source={source} photoId={photoId} />;
}

/** /my-photos/shared-albums/:id/preview/:photoId (flag PhotoManagementSharedAlbumsViewEnabled). */
export function SharedAlbumPhotoPreviewPage() {
  const { id = '', photoId = '' } = useParams();
  const [sorting] = useSortingOptions('sharedAlbumPhotos');
  const paged = usePaged<SharedPhoto>(
    useGetSharedAlbumPhotosInfiniteQuery({ albumId: id, ...sorting }),
  );
  const download = useSharedAlbumDownload(id);
  const source: PreviewSource<SharedPhoto> = {
    kind: 'shared',
    ...paged,
    sortKey: sorting.sortKey,
    listPath: sharedAlbumPath(id),
    previewPath: (photo) => sharedAlbumPhotoPreviewPath(id, photo),
    download: (photo) => download([photo]),
  };
  return <PhotoPreview source={source} photoId={photoId} />;
}
