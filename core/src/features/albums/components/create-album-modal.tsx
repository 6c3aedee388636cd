import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, AppDialogAlert } from '../../../ui/app-dialog';
import { COUNTERS, trackCounter } from '../../../store/analytics';
import { useAppNavigate } from '../../../ui/stripped-link';
import { useCreateAlbumMutation } from '../api';
import { albumPath } from '../../photos/paths';
import { AlbumNameForm } from './album-name-form';

export interface CreateAlbumModalProps {
  /** Whether the modal is open. */
  opened: boolean;
  /** Called on cancel/close. */
  onClose: () => void;
}

/** 'Create new album' (docs/product.md#screens): on success it opens the new album. */
export function CreateAlbumModal({ opened, onClose }: CreateAlbumModalProps) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [createAlbum, { isLoading }] = useCreateAlbumMutation();
  const [failures, setFailures] = useState(0);

  const close = () => {
    setFailures(0);
    onClose();
  };

  return (
    <AppDialog opened={opened} onClose={close} title={t('albums.create.title')}>
      {failures > 0 && (
        <AppDialogAlert mb="md" message={t('albums.saveError')} showKey={failures} />
      )}
      <AlbumNameForm
        submitLabel={t('albums.create.submit')}
        busy={isLoading}
        onSubmit={async (name) => {
          const result = await createAlbum({ name });
          if ('error' in result) {
            setFailures((count) => count + 1);
            return;
          }
          trackCounter(COUNTERS.createAlbum);
          close();
          navigate(albumPath(result.data.albumId));
        }}
      />
    </AppDialog>
  );
}
