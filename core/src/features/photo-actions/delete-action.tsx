import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmedAction } from '../../ui/confirmed-action';
import { TrashIcon } from '../../ui/icons';
import { COUNTERS, trackCounter } from '../../store/analytics';
import { showToast } from '../../ui/toast';
import { useDeletePhotosMutation } from '../photos/api';
import { ActionButton } from './action-button';
import { useUndoablePhotosDelete } from './undo-delete';
import type { ActionPlacement } from './action-button';
import { photoCount, readPhotoIds } from './photo-ids';
import type { PhotoIds } from './photo-ids';

export interface DeleteActionProps {
  placement: ActionPlacement;
  /** The photos to delete from the library (and so from every album). */
  photoIds: PhotoIds;
  /** How many they are, when `photoIds` is a read. */
  count?: number;
  /** Disabled, with this reason as tooltip (shared albums). */
  disabledReason?: string | null;
  /**
   * The photos are gone from the view: in a list at once (the delete is optimistic, a failure
   * brings them back with a toast), in the preview once the server agreed.
   */
  onDeleted?: () => void;
}

/**
 * Delete from the library, after a confirmation (docs/product.md#screens): the batched, retried
 * delete of the photos API. The photos go to Recently deleted; the success toast carries Undo
 * (docs/product.md#recently-deleted). In the preview a failure keeps the dialog open with the error.
 */
export function DeleteAction({
  placement,
  photoIds,
  count: knownCount,
  disabledReason = null,
  onDeleted,
}: DeleteActionProps) {
  const { t } = useTranslation();
  const [deletePhotos] = useDeletePhotosMutation();
  const deleted = useUndoablePhotosDelete();
  const [opened, setOpened] = useState(false);
  const count = photoCount(photoIds, knownCount);
  const inList = placement === 'bar';

  // In a list the delete is optimistic: the dialog closes at once and a failure is a toast.
  const deleteInList = async () => {
    const failed = () => {
      const key = count === 1 ? 'photos.delete.photoFailed' : 'photos.delete.photosFailed';
      showToast({ message: t(key), color: 'red' });
    };
    // The ids are read before select mode ends (a whole month's or the library's are fetched).
    const ids = await readPhotoIds(photoIds).catch(() => null);
    onDeleted?.();
    if (ids === null) {
      failed();
      return;
    }
    deletePhotos(ids)
      .unwrap()
      .then((result) => {
        trackCounter(COUNTERS.delete);
        deleted(result.deletionIds, result.deleted.length);
      }, failed);
  };
  // What runs once the dialog has closed; null keeps it open with the preview's failure.
  const confirmDelete = async (): Promise<(() => void) | null> => {
    if (inList) return () => void deleteInList();
    const result = await deletePhotos(await readPhotoIds(photoIds));
    if ('error' in result) {
      showToast({ message: t('preview.deleteError'), color: 'red' });
      return null;
    }
    return () => {
      trackCounter(COUNTERS.delete);
      onDeleted?.();
      deleted(result.data.deletionIds, result.data.deleted.length);
    };
  };

  return (
    <>
      <ActionButton
        placement={placement}
        label={inList ? t('photos.selectionBar.delete') : t('preview.delete')}
        icon={<TrashIcon />}
        look="destructive"
        disabled={count === 0}
        disabledReason={disabledReason}
        onClick={() => setOpened(true)}
      />
      <ConfirmedAction
        opened={opened}
        onClose={() => setOpened(false)}
        title={inList ? t('photos.delete.title', { count }) : t('preview.deleteConfirmTitle')}
        text={inList ? t('photos.delete.message') : t('preview.deleteConfirmText')}
        confirmLabel={inList ? t('photos.delete.confirm') : t('preview.deleteConfirm')}
        errorMessage={t('preview.deleteError')}
        act={confirmDelete}
        onDone={(then) => then()}
      />
    </>
  );
}
