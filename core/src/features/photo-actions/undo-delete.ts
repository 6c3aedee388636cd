import { useTranslation } from 'react-i18next';
import { showToast } from '../../ui/toast';
import { useRestoreAlbumsMutation, useRestoreDeletionsMutation } from '../photos/trash-api';

/**
 * The success toast of every delete (docs/product.md#recently-deleted): what went to Recently
 * deleted, with Undo for the toast's time. Undo restores exactly that delete on the server (album
 * memberships included) and reloads the lists the photos return to; its own toast says how it
 * went. The calls outlive the component that made them (the selection bar is gone by then).
 */
export function useUndoablePhotosDelete(): (deletionIds: readonly string[], count: number) => void {
  const { t } = useTranslation();
  const [restore] = useRestoreDeletionsMutation();
  return (deletionIds, count) => {
    showToast({
      message: t('photos.undo.deleted', { count }),
      role: 'status',
      action: {
        label: t('photos.undo.undo'),
        onClick: () => {
          restore(deletionIds)
            .unwrap()
            .then(
              () =>
                showToast({
                  message: t('photos.undo.restored', { count }),
                  role: 'status',
                  focus: true,
                }),
              () =>
                showToast({ message: t('photos.undo.restoreFailed'), color: 'red', focus: true }),
            );
        },
      },
    });
  };
}

/** The same for an album: 'Album "…" deleted' with Undo, which brings the album back with its photos. */
export function useUndoableAlbumDelete(): (albumId: string, albumName: string) => void {
  const { t } = useTranslation();
  const [restore] = useRestoreAlbumsMutation();
  return (albumId, albumName) => {
    showToast({
      message: t('albums.albumDeleted', { albumName }),
      role: 'status',
      action: {
        label: t('photos.undo.undo'),
        onClick: () => {
          restore([albumId])
            .unwrap()
            .then(
              ({ failed }) =>
                failed.length === 0
                  ? showToast({
                      message: t('albums.albumRestored', { albumName }),
                      role: 'status',
                      focus: true,
                    })
                  : showToast({
                      message: t('photos.trash.restoreFailed'),
                      color: 'red',
                      focus: true,
                    }),
              () =>
                showToast({ message: t('photos.trash.restoreFailed'), color: 'red', focus: true }),
            );
        },
      },
    });
  };
}
