import { useTranslation } from 'react-i18next';
import { MAX_DOWNLOAD_PHOTOS } from '../../api/schemas/photo';
import { DownloadIcon } from '../../ui/icons';
import { showToast } from '../../ui/toast';
import { usePhotoDownloads } from '../downloads/use-photo-downloads';
import type { DownloadItem } from '../downloads/use-photo-downloads';
import { ActionButton } from './action-button';
import type { ActionPlacement } from './action-button';

export interface DownloadActionProps {
  placement: ActionPlacement;
  /** How many photos it would download (the limit and the disabled state). */
  count: number;
  /** The photos to download, read on click; a photo no longer cached may be just its id. */
  items: () => DownloadItem[] | Promise<DownloadItem[]>;
  /** Photos of this shared album: its own archive job, which names each owner. */
  sharedAlbumId?: string;
  /** After the download finished or failed. */
  onDone?: () => void;
}

/** Download is disabled with nothing selected and above 100 (docs/product.md#validation). */
export function downloadDisabled(count: number): boolean {
  return count === 0 || count > MAX_DOWNLOAD_PHOTOS;
}

/**
 * Download (docs/product.md#screens): one photo straight from its original, several as a zip
 * (docs/product.md#states). Above 100 photos it is disabled with the tooltip
 * 'Up to 100 photos can be downloaded at a time'.
 */
export function DownloadAction({
  placement,
  count,
  items,
  sharedAlbumId,
  onDone,
}: DownloadActionProps) {
  const { t } = useTranslation();
  const { download, state } = usePhotoDownloads({ sharedAlbumId });
  return (
    <ActionButton
      placement={placement}
      label={t('photos.selectionBar.download')}
      icon={<DownloadIcon />}
      look="primary"
      disabled={downloadDisabled(count)}
      disabledReason={count > MAX_DOWNLOAD_PHOTOS ? t('photos.selectionBar.downloadLimit') : null}
      wrapperTestId="download-limit"
      loading={placement === 'bar' && state === 'pending'}
      onClick={() =>
        void Promise.resolve()
          .then(items)
          .then(download, () => {
            showToast({ message: t('photos.download.photosFailed'), color: 'red' });
          })
          .then(onDone)
      }
    />
  );
}
