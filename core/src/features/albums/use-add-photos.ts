import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBaseUrl, baseApi, buildUrl } from '../../api/base-api';
import type { Album } from '../../api/schemas/album';
import { useAppDispatch } from '../../app/hooks';
import type { PickedFile } from '../../platform/platform';
import { usePlatform } from '../../platform/platform-context';
import { showToast } from '../../ui/toast';
import { useClientConfig } from '../brand/brand-context';

/** Parallel uploads from the browser: enough to fill the line, few enough not to starve the UI. */
const UPLOAD_CONCURRENCY = 3;

/**
 * 'Add photos' of an album (spec §2): the user picks HEIC/JPEG/PNG files, each is uploaded with
 * the album id (POST /photos, multipart), then the album, timeline and user caches refresh
 * (spec §4 Upload). The desktop app streams from disk through the platform.
 */
export function useAddPhotosToAlbum(album: Pick<Album, 'albumId' | 'albumName'>) {
  const platform = usePlatform();
  const config = useClientConfig();
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const uploadInBrowser = useCallback(
    async (files: PickedFile[]): Promise<number> => {
      const url = buildUrl(apiBaseUrl(config, 'photo'), '/photos');
      const token = await platform.auth.getAccessToken();
      let failed = 0;
      const queue = [...files];
      const worker = async () => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          if (!file.file) {
            failed += 1;
            continue;
          }
          const body = new FormData();
          // Fields before the file: the server reads the album id before streaming the bytes.
          body.append('albumId', album.albumId);
          body.append('file', file.file, file.name);
          try {
            const response = await fetch(url, {
              method: 'POST',
              body,
              headers: token ? { Authorization: `Bearer ${token}` } : {},
              cache: 'no-store',
            });
            if (!response.ok) failed += 1;
          } catch {
            failed += 1;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, files.length) }, worker));
      return failed;
    },
    [album.albumId, config, platform.auth],
  );

  const start = useCallback(async () => {
    const files = await platform.files.pickImages();
    if (files.length === 0) return;
    setBusy(true);
    try {
      let failed: number;
      const paths = files.map((file) => file.path).filter((path): path is string => Boolean(path));
      if (platform.files.uploadFiles && paths.length === files.length) {
        const results = await platform.files.uploadFiles(
          paths,
          { albumId: album.albumId },
          () => {},
        );
        failed = results.filter((result) => result.error || !result.done).length;
      } else {
        failed = await uploadInBrowser(files);
      }
      dispatch(
        baseApi.util.invalidateTags([
          { type: 'Album', id: album.albumId },
          { type: 'AlbumPhotos', id: album.albumId },
          'Albums',
          'User',
          'Timeline',
          'MonthPhotos',
          'Photos',
        ]),
      );
      if (failed > 0) showToast({ message: t('albums.uploadFailed'), color: 'red' });
      else showToast({ message: t('albums.photosAdded', { albumName: album.albumName }) });
    } finally {
      setBusy(false);
    }
  }, [album.albumId, album.albumName, dispatch, platform.files, t, uploadInBrowser]);

  return { start: () => void start(), busy };
}
