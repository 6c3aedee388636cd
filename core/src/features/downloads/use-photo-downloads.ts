import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo, SharedPhoto } from '../../api/schemas/photo';
import { COUNTERS, trackCounter } from '../../store/analytics';
import { useAppDispatch } from '../../store/hooks';
import { usePlatform } from '../../platform/platform-context';
import { hideToast, showToast } from '../../ui/toast';
import { useClientConfig } from '../brand/brand-context';
import type { PushConnection } from '../push/push-connection';
import { downloadsApi } from './api';
import { ARCHIVE_STARTED_TOAST_MS, ARCHIVE_TOAST_MS } from './download-toasts';

/** The push client and the archive wait load with the first archive, not with the page. */
const loadArchiveSupport = () =>
  Promise.all([import('../push/push-connection'), import('./archive-download')]).then(
    ([push, archive]) => ({
      ...push,
      ...archive,
    }),
  );

/** docs/product.md#states "Single-photo download": initial → pending → success or failure; reset on close. */
export type DownloadState = 'initial' | 'pending' | 'success' | 'failure';

/** A photo to download, or only its id when its details are no longer cached. */
export type DownloadItem = Photo | string;

export interface PhotoDownloadOptions {
  /**
   * Downloads from this shared album (docs/product.md#roles-and-flags: download is allowed
   * there): its archive job (POST /shared-album-downloads) names each photo's owner, since a
   * participant may download photos that are not theirs. Its items are shared photos.
   */
  sharedAlbumId?: string;
}

const photoId = (item: DownloadItem) => (typeof item === 'string' ? item : item.imageId);
const isShared = (item: DownloadItem): item is SharedPhoto =>
  typeof item !== 'string' && 'ownerId' in item;

/**
 * Downloads photos through the platform (the desktop app streams to disk): one photo straight
 * from its original URL; several as an archive job whose zip, named `{downloadId}.zip`, is saved
 * as soon as the push message says it is finished, without another click.
 */
export function usePhotoDownloads({ sharedAlbumId }: PhotoDownloadOptions = {}) {
  const platform = usePlatform();
  const config = useClientConfig();
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const [state, setState] = useState<DownloadState>('initial');

  const downloadOne = useCallback(
    async (photo: Photo) => {
      setState('pending');
      try {
        await platform.downloads.saveFile(photo.untouchedUrl, photo.localFileName);
        setState('success');
        trackCounter(COUNTERS.download);
      } catch (error) {
        console.error('Single photo download failed', error);
        setState('failure');
        showToast({
          message: t('photos.download.photoFailed'),
          color: 'red',
          autoClose: ARCHIVE_TOAST_MS,
        });
      }
    },
    [platform, t],
  );

  const startArchive = useCallback(
    (items: DownloadItem[]) =>
      sharedAlbumId
        ? dispatch(
            downloadsApi.endpoints.createSharedAlbumDownload.initiate({
              albumId: sharedAlbumId,
              photos: items
                .filter(isShared)
                .map((photo) => ({ photoId: photo.imageId, ownerId: photo.ownerId })),
            }),
          ).unwrap()
        : dispatch(
            downloadsApi.endpoints.createDownload.initiate({ photoIds: items.map(photoId) }),
          ).unwrap(),
    [dispatch, sharedAlbumId],
  );

  const downloadArchive = useCallback(
    async (items: DownloadItem[]) => {
      setState('pending');
      let support: Awaited<ReturnType<typeof loadArchiveSupport>>;
      try {
        support = await loadArchiveSupport();
      } catch (error) {
        console.error('Archive download code not loaded', error);
        setState('failure');
        showToast({
          message: t('photos.download.failed'),
          color: 'red',
          autoClose: ARCHIVE_TOAST_MS,
        });
        return;
      }
      const { resolvePushUrl, sharedPushConnection, waitForArchive } = support;
      // Listen before the job starts, so a fast 'finished' message cannot be missed.
      let connection: PushConnection | null;
      try {
        connection = sharedPushConnection({
          url: resolvePushUrl(config.PhotoManagementPushWebSocketUrl, window.location.origin),
          getToken: () => platform.auth.getAccessToken(),
        });
        await connection.ready;
      } catch (error) {
        console.warn('Push connection unavailable; the archive will be polled for', error);
        connection = null;
      }
      const toastId = `download-${crypto.randomUUID()}`;
      try {
        const download = await startArchive(items);
        showToast({
          id: toastId,
          message: t('photos.download.preparing'),
          autoClose: ARCHIVE_STARTED_TOAST_MS,
        });
        const url = await waitForArchive({
          downloadId: download.id,
          connection,
          fetchUrl: async () => {
            const result = await dispatch(
              downloadsApi.endpoints.getDownloadUrl.initiate(download.id, {
                subscribe: false,
                forceRefetch: true,
              }),
            );
            if (result.data) return result.data.url;
            if (result.error && 'status' in result.error && result.error.status === 409)
              return null;
            throw new Error(
              result.error && 'message' in result.error
                ? String(result.error.message)
                : 'Download URL failed',
            );
          },
        });
        showToast({
          id: toastId,
          message: t('photos.download.downloading'),
          autoClose: ARCHIVE_TOAST_MS,
        });
        await platform.downloads.saveArchive(url, `${download.id}.zip`);
        setState('success');
        trackCounter(COUNTERS.download);
      } catch (error) {
        console.error('Archive download failed', error);
        setState('failure');
        hideToast(toastId);
        showToast({
          message: t('photos.download.failed'),
          color: 'red',
          autoClose: ARCHIVE_TOAST_MS,
        });
      }
    },
    [config.PhotoManagementPushWebSocketUrl, dispatch, platform, startArchive, t],
  );

  /**
   * `photos`: what is known of the photos to download. A single photo is saved from its own URL;
   * several (or one whose details are no longer cached, given as an id) as an archive.
   */
  const download = useCallback(
    async (photos: DownloadItem[]) => {
      if (photos.length === 0) return;
      const only = photos[0]!;
      if (photos.length === 1 && typeof only !== 'string') await downloadOne(only);
      else await downloadArchive(photos);
    },
    [downloadArchive, downloadOne],
  );

  const reset = useCallback(() => setState('initial'), []);
  return { download, state, reset };
}
