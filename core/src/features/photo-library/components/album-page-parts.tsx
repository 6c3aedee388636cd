import { Anchor, Breadcrumbs, Center, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLink, useAppNavigate } from '../../../ui/stripped-link';
import { showToast } from '../../../ui/toast';
import { ConfirmedAction } from '../../../ui/confirmed-action';
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
  deleteAlbum,
}: DeleteAlbumTexts & {
  albumId: string;
  albumName: string;
  opened: boolean;
  onClose: () => void;
  /** Resolves false when the server refused. */
  deleteAlbum: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const deleted = useUndoableAlbumDelete();
  return (
    <ConfirmedAction
      opened={opened}
      onClose={onClose}
      title={title}
      text={text}
      confirmLabel={t('albums.deleteConfirm')}
      errorMessage={t('albums.removeAlbumError')}
      act={async () => ((await deleteAlbum()) ? true : null)}
      onDone={() => {
        navigate(ALBUMS_PATH, { replace: true });
        if (undoable) deleted(albumId, albumName);
        else showToast({ message: t('albums.albumDeleted', { albumName }) });
      }}
    />
  );
}
