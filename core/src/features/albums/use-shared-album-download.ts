import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedPhoto } from '../../api/schemas/photo';
import { useAppDispatch } from '../../app/hooks';
import { usePlatform } from '../../platform/platform-context';
import { hideToast, showToast } from '../../ui/toast';
import { useClientConfig } from '../brand/brand-context';
import {
  ARCHIVE_STARTED_TOAST_MS,
  ARCHIVE_TOAST_MS,
  waitForArchive,
} from '../downloads/archive-download';
import { photoLibraryApi } from '../photo-library/api';
import { resolvePushUrl, sharedPushConnection } from '../push/push-connection';
import type { PushConnection } from '../push/push-connection';
import { albumsApi } from './api';

/**
 * Downloads from a shared album (spec §6: download is allowed there). One photo comes straight
 * from its original URL; several go through POST /shared-album-downloads with each photo's
 * owner, and the zip is saved when the push message says it is ready (same flow as the library).
 */
export function useSharedAlbumDownload(albumId: string) {
  const platform = usePlatform();
  const config = useClientConfig();
  const dispatch = useAppDispatch();
  const { t } = useTranslation();

  const openConnection = useCallback(async (): Promise<PushConnection | null> => {
    try {
      const connection = sharedPushConnection({
        url: resolvePushUrl(config.PhotoManagementPushWebSocketUrl, window.location.origin),
        getToken: () => platform.auth.getAccessToken(),
      });
      await connection.ready;
      return connection;
    } catch (error) {
      console.warn('Push connection unavailable; the archive will be polled for', error);
      return null;
    }
  }, [config.PhotoManagementPushWebSocketUrl, platform.auth]);

  return useCallback(
    async (photos: SharedPhoto[]) => {
      if (photos.length === 0) return;
      if (photos.length === 1) {
        const photo = photos[0]!;
        try {
          await platform.downloads.saveArchive(photo.untouchedUrl, photo.localFileName);
        } catch (error) {
          console.error('Shared photo download failed', error);
          showToast({
            message: t('preview.downloadError'),
            color: 'red',
            autoClose: ARCHIVE_TOAST_MS,
          });
        }
        return;
      }
      // Listen before the job starts, so a fast 'finished' message cannot be missed.
      const connection = await openConnection();
      const toastId = `shared-download-${crypto.randomUUID()}`;
      try {
        const download = await dispatch(
          albumsApi.endpoints.createSharedAlbumDownload.initiate({
            albumId,
            photos: photos.map((photo) => ({ photoId: photo.imageId, ownerId: photo.ownerId })),
          }),
        ).unwrap();
        showToast({
          id: toastId,
          message: t('albums.preparingDownload'),
          autoClose: ARCHIVE_STARTED_TOAST_MS,
        });
        const url = await waitForArchive({
          downloadId: download.id,
          connection,
          fetchUrl: async () => {
            const result = await dispatch(
              photoLibraryApi.endpoints.getDownloadUrl.initiate(download.id, {
                subscribe: false,
                forceRefetch: true,
              }),
            );
            if (result.data) return result.data.url;
            if (result.error && 'status' in result.error && result.error.status === 409)
              return null;
            throw new Error('Download URL failed');
          },
        });
        showToast({
          id: toastId,
          message: t('albums.downloadingPhotos'),
          autoClose: ARCHIVE_TOAST_MS,
        });
        await platform.downloads.saveArchive(url, `${download.id}.zip`);
      } catch (error) {
        console.error('Shared album download failed', error);
        hideToast(toastId);
        showToast({
          message: t('albums.downloadFailed'),
          color: 'red',
          autoClose: ARCHIVE_TOAST_MS,
        });
      }
    },
    [albumId, dispatch, openConnection, platform.downloads, t],
  );
}
