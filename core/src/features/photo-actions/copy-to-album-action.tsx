import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from '../../ui/icons';
import { useFeatureFlag } from '../flags/use-feature-flag';
import { ActionButton } from './action-button';
import type { ActionPlacement } from './action-button';

// The modal (album tiles, the name form) loads when first opened, not with the list.
const CopyToAlbumModal = lazy(() =>
  import('../albums/components/copy-to-album-modal').then((m) => ({
    default: m.CopyToAlbumModal,
  })),
);

export interface CopyToAlbumActionProps {
  placement: ActionPlacement;
  photoIds: readonly string[];
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
  disabledReason = null,
}: CopyToAlbumActionProps) {
  const { t } = useTranslation();
  const enabled = useFeatureFlag('PhotoManagementAlbumViewEnabled');
  const [opened, setOpened] = useState(false);
  // Once opened, the modal stays mounted so closing keeps its transition.
  const [used, setUsed] = useState(false);
  if (!enabled) return null;
  return (
    <>
      <ActionButton
        placement={placement}
        label={t('photos.selectionBar.copyToAlbum')}
        icon={<CopyIcon />}
        disabled={photoIds.length === 0}
        disabledReason={disabledReason}
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
      />
      {used && disabledReason === null ? (
        <Suspense fallback={null}>
          <CopyToAlbumModal
            opened={opened}
            photoIds={[...photoIds]}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
