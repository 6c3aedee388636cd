import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../ui/toast';
import { useOpenedOnce } from '../../../ui/dialog-stack';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import { useUndoablePhotosDelete } from '../../photo-actions/undo-delete';
import { useDeleteAllPhotosMutation } from '../../photos/api';

// The dialogs (and Mantine's Modal with its scroll lock) load when first opened, not before the
// first thumbnail; once loaded they stay mounted so closing keeps its transition.
const DeleteAllDialog = lazy(() =>
  import('./delete-all-dialog').then((m) => ({ default: m.DeleteAllDialog })),
);
const UploadPhotosModal = lazy(() =>
  import('../../uploads/upload-photos-modal').then((m) => ({ default: m.UploadPhotosModal })),
);

export type LibraryDialog = 'deleteAll' | 'upload' | null;

export interface LibraryDialogsProps {
  /** The open dialog, or null. */
  dialog: LibraryDialog;
  /** Photos in the library (the delete-all text). */
  total: number;
  onClose: () => void;
}

/** Delete all photos (the whole library to Recently deleted, docs/product.md#screens) and the upload modal (upload flag). */
export function LibraryDialogs({ dialog, total, onClose }: LibraryDialogsProps) {
  const { t } = useTranslation();
  const uploadEnabled = useFeatureFlag('PhotoManagementUploadEnabled');
  const [deleteAllPhotos, deleteAllState] = useDeleteAllPhotosMutation();
  const deleteAllUsed = useOpenedOnce(dialog === 'deleteAll');
  const deleted = useUndoablePhotosDelete();

  const confirmDeleteAll = () => {
    // The library goes to Recently deleted: the toast offers Undo of exactly this delete.
    deleteAllPhotos()
      .unwrap()
      .then(
        ({ deleted: count, deletionId }) => {
          onClose();
          deleted([deletionId], count);
        },
        () => {
          onClose();
          showToast({ message: t('photos.deleteAll.failed'), color: 'red' });
        },
      );
  };

  // A Suspense each: one dialog loading must not hide the other.
  return (
    <>
      <Suspense fallback={null}>
        {deleteAllUsed ? (
          <DeleteAllDialog
            opened={dialog === 'deleteAll'}
            total={total}
            deleting={deleteAllState.isLoading}
            onConfirm={confirmDeleteAll}
            onClose={onClose}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {uploadEnabled && dialog === 'upload' ? (
          <UploadPhotosModal opened onClose={onClose} />
        ) : null}
      </Suspense>
    </>
  );
}
