import { useCallback } from 'react';
import type { SharedPhoto } from '../../api/schemas/photo';
import { useAppDispatch } from '../../store/hooks';
import { usePhotoDownloads } from '../downloads/use-photo-downloads';
import { albumsApi } from './api';

/**
 * Downloads from a shared album (docs/product.md#roles-and-flags: download is allowed there) with the library's flow;
 * only the archive job differs: POST /shared-album-downloads names each photo's owner, since a
 * participant may download photos that are not theirs.
 */
export function useSharedAlbumDownload(albumId: string) {
  const dispatch = useAppDispatch();
  const createArchive = useCallback(
    (photos: SharedPhoto[]) =>
      dispatch(
        albumsApi.endpoints.createSharedAlbumDownload.initiate({
          albumId,
          photos: photos.map((photo) => ({ photoId: photo.imageId, ownerId: photo.ownerId })),
        }),
      ).unwrap(),
    [albumId, dispatch],
  );
  return usePhotoDownloads<SharedPhoto>({ createArchive }).download;
}
