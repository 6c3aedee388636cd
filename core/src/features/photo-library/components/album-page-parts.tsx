import { Anchor, Breadcrumbs, Center, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, useAppNavigate } from '../../../ui/stripped-link';
import { showToast } from '../../../ui/toast';
import { ConfirmDialog } from '../../photo-actions/confirm-dialog';
import { useUndoableAlbumDelete } from '../../photo-actions/undo-delete';
import { ALBUMS_PATH } from '../../photos/paths';
import { ErrorNotice } from '../../../ui/error-notice';
import { LoadingSpinner } from '../../../ui/loading-screen';

// Pieces of the album pages (docs/product.md#screens, docs/product.md#roles-and-flags).

export function AlbumsBreadcrumb() {
  const { t } = useTranslation();
  return (
    <Breadcrumbs>
      <Anchor component={AppLink} to={ALBUMS_PATH}>
        {t('albums.myAlbums')}
      </Anchor>
    </Breadcrumbs>
  );
}

/**
 * Shown while the album itself is loading, or instead of the page when it failed to load: the
 * failure notice, with Try again (the album query's refetch).
 */
export function AlbumLoadFallback({
  album,
}: {
  album: { isError: boolean; isFetching: boolean; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  if (album.isError) {
    return (
      <Stack>
        <AlbumsBreadcrumb />
        <ErrorNotice
          title={t('albums.albumLoadError')}
          hint={null}
          onRetry={() => void album.refetch()}
          retrying={album.isFetching}
        />
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <LoadingSpinner />
    </Center>
  );
}

/** The delete-album confirmation's texts: they differ for owners and participants of shared albums. */
export interface DeleteAlbumTexts {
  title: string;
  text: string;
  /**
   * The album goes to Recently deleted (an own album), so the toast offers Undo; a shared
   * album's delete is final. @default false
   */
  undoable?: boolean;
}

/**
 * Delete-album confirmation: the caller gives the texts and the delete call; on success it
 * leaves for the album list with a toast (docs/product.md#states), with Undo for an own album.
 */
export function DeleteAlbumDialog({
  albumId,
  albumName,
  opened,
  onClose,
  title,
  text,
  undoable = false,
  busy,
  deleteAlbum,
}: DeleteAlbumTexts & {
  albumId: string;
  albumName: string;
  opened: boolean;
  onClose: () => void;
  busy: boolean;
  /** Resolves false when the server refused. */
  deleteAlbum: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [failures, setFailures] = useState(0);
  const deleted = useUndoableAlbumDelete();
  const close = () => {
    setFailures(0);
    onClose();
  };
  const confirm = async () => {
    if (!(await deleteAlbum())) {
      setFailures((count) => count + 1);
      return;
    }
    close();
    navigate(ALBUMS_PATH, { replace: true });
    if (undoable) deleted(albumId, albumName);
    else showToast({ message: t('albums.albumDeleted', { albumName }) });
  };
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      text={text}
      confirmLabel={t('albums.deleteConfirm')}
      busy={busy}
      error={failures > 0 ? t('albums.removeAlbumError') : null}
      errorKey={failures}
      onConfirm={() => void confirm()}
      onClose={close}
    />
  );
}
