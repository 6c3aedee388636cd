import { Button, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Album } from '../../../api/schemas/album';
import { AppDialogAlert } from '../../../ui/app-dialog';
import { firstField, focusResult } from '../../../ui/focus-result';
import { useRenameAlbumMutation } from '../../albums/api';
import { AlbumNameForm } from '../../albums/components/album-name-form';

/**
 * The album name in place of the title, with the create form's rules (docs/product.md#validation):
 * Save renames and closes, Cancel closes; a refused rename keeps the form open with its alert.
 * Focus goes to the name field when the form opens: the pencil that opened it is gone.
 */
export function AlbumRenameForm({ album, onDone }: { album: Album; onDone: () => void }) {
  const { t } = useTranslation();
  const [failures, setFailures] = useState(0);
  const [rename, { isLoading }] = useRenameAlbumMutation();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    focusResult(firstField(root.current));
  }, []);
  return (
    <Stack ref={root} gap="xs" maw={480}>
      <Title order={1} className="visually-hidden">
        {album.albumName}
      </Title>
      {failures > 0 && <AppDialogAlert message={t('albums.saveError')} showKey={failures} />}
      <AlbumNameForm
        defaultName={album.albumName}
        submitLabel={t('albums.save')}
        busy={isLoading}
        onCancel={onDone}
        secondaryAction={
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        }
        onSubmit={async (name) => {
          const result = await rename({ albumId: album.albumId, name });
          if ('error' in result) {
            setFailures((count) => count + 1);
            return;
          }
          setFailures(0);
          onDone();
        }}
      />
    </Stack>
  );
}
