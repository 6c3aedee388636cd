import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from '../../ui/icons';
import { useFeatureFlag } from '../flags/use-feature-flag';
import { showToast } from '../../ui/toast';
import { ActionButton } from './action-button';
import type { ActionPlacement } from './action-button';
import { photoCount, readPhotoIds } from './photo-ids';
import type { PhotoIds } from './photo-ids';

// The modal (album tiles, the name form) loads when first opened, not with the list.
const CopyToAlbumModal = lazy(() =>
  import('../albums/components/copy-to-album-modal').then((m) => ({
    default: m.CopyToAlbumModal,
  })),
);

export interface CopyToAlbumActionProps {
  placement: ActionPlacement;
  photoIds: PhotoIds;
  /** How many they are, when `photoIds` is a read. */
  count?: number;
  /** Disabled, with this reason as tooltip (shared albums). */
  disabledReason?: string | null;
}

/**
 * Copy to album (docs/product.md#screens; only with the album-view flag): the photos stay where
 * they are and are added to an own album chosen in the modal, or to a new one.
 */
export function CopyToAlbumAction({
  placement,
  photoIds,
  count,
  disabledReason = null,
}: CopyToAlbumActionProps) {
  const { t } = useTranslation();
  const enabled = useFeatureFlag('PhotoManagementAlbumViewEnabled');
  const [opened, setOpened] = useState(false);
  // Once opened, the modal stays mounted so closing keeps its transition.
  const [used, setUsed] = useState(false);
  const [ids, setIds] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  if (!enabled) return null;
  const open = async () => {
    setReading(true);
    try {
      setIds(await readPhotoIds(photoIds));
      setUsed(true);
      setOpened(true);
    } catch {
      showToast({ message: t('photos.loadError'), color: 'red' });
    } finally {
      setReading(false);
    }
  };
  return (
    <>
      <ActionButton
        placement={placement}
        label={t('photos.selectionBar.copyToAlbum')}
        icon={<CopyIcon />}
        disabled={photoCount(photoIds, count) === 0}
        disabledReason={disabledReason}
        loading={reading}
        onClick={() => void open()}
      />
      {used && disabledReason === null ? (
        <Suspense fallback={null}>
          <CopyToAlbumModal opened={opened} photoIds={ids} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
