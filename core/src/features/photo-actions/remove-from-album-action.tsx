import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTERS, trackCounter } from '../../store/analytics';
import { useAppDispatch } from '../../store/hooks';
import { MinusCircleIcon } from '../../ui/icons';
import { showToast } from '../../ui/toast';
import { useRemovePhotosFromAlbumMutation } from '../albums/api';
import { photosRemoved } from '../photos/selection/selection-slice';
import { ActionButton } from './action-button';
import type { ActionPlacement } from './action-button';

// The dialog (Mantine's Modal, its focus trap and scroll lock) loads when first opened: the bar
// itself loads right after a list's first paint and must stay light.
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

export interface RemoveFromAlbumActionProps {
  placement: ActionPlacement;
  albumId: string;
  albumName: string;
  photoIds: readonly string[];
  /** Disabled, with this reason as tooltip (shared albums). */
  disabledReason?: string | null;
  /** The photos left the album (they stay in the library). */
  onRemoved?: () => void;
}

/**
 * Remove from album (docs/product.md#screens): the photos stay in the library. From a list it
 * acts at once; the preview asks first and keeps its dialog open on a failure.
 */
export function RemoveFromAlbumAction({
  placement,
  albumId,
  albumName,
  photoIds,
  disabledReason = null,
  onRemoved,
}: RemoveFromAlbumActionProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [removePhotos, { isLoading }] = useRemovePhotosFromAlbumMutation();
  const [opened, setOpened] = useState(false);
  const [failures, setFailures] = useState(0);
  const inList = placement === 'bar';

  const remove = async () => {
    const ids = [...photoIds];
    const result = await removePhotos({ albumId, photoIds: ids });
    if ('error' in result || result.data.failed.length > 0) {
      if (inList)
        showToast({ message: t('albums.removeError', { count: ids.length }), color: 'red' });
      else setFailures((n) => n + 1);
      return;
    }
    trackCounter(COUNTERS.removeFromAlbum);
    dispatch(photosRemoved(ids));
    setOpened(false);
    setFailures(0);
    onRemoved?.();
    showToast({ message: t('albums.photoRemoved', { count: ids.length, albumName }) });
  };

  return (
    <>
      <ActionButton
        placement={placement}
        label={inList ? t('albums.removeFromAlbum') : t('preview.deleteFromAlbum')}
        icon={<MinusCircleIcon />}
        look="destructive"
        disabled={photoIds.length === 0}
        disabledReason={disabledReason}
        loading={inList && isLoading}
        onClick={() => (inList ? void remove() : setOpened(true))}
      />
      {inList || !opened ? null : (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened={opened}
            title={t('preview.removeConfirmTitle')}
            text={t('preview.removeConfirmText', { albumName })}
            confirmLabel={t('preview.removeConfirm')}
            busy={isLoading}
            error={failures > 0 ? t('albums.removeError', { count: 1 }) : null}
            errorKey={failures}
            onConfirm={() => void remove()}
            onClose={() => {
              setOpened(false);
              setFailures(0);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
