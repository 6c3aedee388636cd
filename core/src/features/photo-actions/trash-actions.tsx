import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmedAction } from '../../ui/confirmed-action';
import { TrashIcon } from '../../ui/icons';
import { showToast } from '../../ui/toast';
import { usePurgePhotosMutation, useRestorePhotosMutation } from '../photos/trash-api';
import { ActionButton } from './action-button';
import type { ActionPlacement } from './action-button';

export interface TrashActionProps {
  placement: ActionPlacement;
  /** Photos picked in Recently deleted. */
  photoIds: readonly string[];
  /** The action went through (the selection ends). */
  onDone?: () => void;
}

/**
 * Recently deleted's Restore (docs/product.md#recently-deleted): the photos go back to their
 * months and albums; a toast says how many, and takes focus.
 */
export function RestoreAction({ placement, photoIds, onDone }: TrashActionProps) {
  const { t } = useTranslation();
  const [restore, { isLoading }] = useRestorePhotosMutation();
  const run = async () => {
    const result = await restore(photoIds);
    if ('error' in result || result.data.failed.length === photoIds.length) {
      showToast({ message: t('photos.undo.restoreFailed'), color: 'red', focus: true });
      return;
    }
    onDone?.();
    const count = photoIds.length - result.data.failed.length;
    showToast({ message: t('photos.undo.restored', { count }), role: 'status', focus: true });
  };
  return (
    <ActionButton
      placement={placement}
      label={t('photos.trash.restore')}
      icon={null}
      look="primary"
      loading={isLoading}
      disabled={photoIds.length === 0}
      onClick={() => void run()}
    />
  );
}

/** Recently deleted's Delete permanently, after a confirmation: the photos and their bytes are gone. */
export function DeletePermanentlyAction({ placement, photoIds, onDone }: TrashActionProps) {
  const { t } = useTranslation();
  const [purge] = usePurgePhotosMutation();
  const [opened, setOpened] = useState(false);
  const count = photoIds.length;
  // How many went, or null (the dialog stays open with the failure) when none did.
  const confirm = async () => {
    const result = await purge(photoIds);
    if ('error' in result || result.data.failed.length === count) return null;
    return count - result.data.failed.length;
  };
  return (
    <>
      <ActionButton
        placement={placement}
        label={t('photos.trash.deletePermanently')}
        icon={<TrashIcon />}
        look="destructive"
        disabled={count === 0}
        onClick={() => setOpened(true)}
      />
      <ConfirmedAction
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('photos.trash.purgeTitle', { count })}
        text={t('photos.trash.purgeText', { count })}
        confirmLabel={t('photos.trash.deletePermanently')}
        errorMessage={t('photos.trash.purgeFailed')}
        act={confirm}
        onDone={(purged) => {
          onDone?.();
          showToast({
            message: t('photos.trash.purged', { count: purged }),
            role: 'status',
            focus: true,
          });
        }}
      />
    </>
  );
}
