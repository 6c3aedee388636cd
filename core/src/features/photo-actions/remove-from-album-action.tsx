import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTERS, trackCounter } from '../../store/analytics';
import { useAppDispatch } from '../../store/hooks';
import { ConfirmedAction } from '../../ui/confirmed-action';
import { MinusCircleIcon } from '../../ui/icons';
import { showToast } from '../../ui/toast';
import { useRemovePhotosFromAlbumMutation } from '../albums/api';
import { photosRemoved } from '../photos/selection/selection-slice';
import { ActionButton } from './action-button';
import type { ActionPlacement } from './action-button';

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
  const inList = placement === 'bar';

  // The removed ids, or null: a failure is a toast in a list, the dialog's alert in the preview.
  const remove = async () => {
    const ids = [...photoIds];
    const result = await removePhotos({ albumId, photoIds: ids });
    if ('error' in result || result.data.failed.length > 0) {
      if (inList)
        showToast({ message: t('albums.removeError', { count: ids.length }), color: 'red' });
      return null;
    }
    return ids;
  };
  const removed = (ids: string[]) => {
    trackCounter(COUNTERS.removeFromAlbum);
    dispatch(photosRemoved(ids));
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
        onClick={() =>
          inList ? void remove().then((ids) => ids && removed(ids)) : setOpened(true)
        }
      />
      {inList ? null : (
        <ConfirmedAction
          opened={opened}
          onClose={() => setOpened(false)}
          title={t('preview.removeConfirmTitle')}
          text={t('preview.removeConfirmText', { albumName })}
          confirmLabel={t('preview.removeConfirm')}
          errorMessage={t('albums.removeError', { count: 1 })}
          act={remove}
          onDone={removed}
        />
      )}
    </>
  );
}
