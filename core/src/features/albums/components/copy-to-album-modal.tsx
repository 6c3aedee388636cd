import { Anchor, Button, Center, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Album } from '../../../api/schemas/album';
import { COUNTERS, trackCounter } from '../../../store/analytics';
import { AppDialog, AppDialogAlert } from '../../../ui/app-dialog';
import { useAppNavigate } from '../../../ui/stripped-link';
import { hideToast, showToast } from '../../../ui/toast';
import {
  useAddPhotosToAlbumMutation,
  useCreateAlbumMutation,
  useGetAlbumsInfiniteQuery,
} from '../api';
import { albumPath } from '../../photos/paths';
import { AlbumNameForm } from './album-name-form';
import { AlbumTile, AlbumTileGrid, NewAlbumTile } from './album-tile';
import { LoadingSpinner } from '../../../ui/loading-screen';

export interface CopyToAlbumModalProps {
  /** Whether the modal is open. */
  opened: boolean;
  /** The photos to copy. */
  photoIds: string[];
  /** Called when the modal closes (cancel or after a copy). */
  onClose: () => void;
}

/**
 * 'Copy to album' (docs/product.md#screens): the user's own, non-shared albums plus a 'New album' tile that
 * switches to an inline 'Create new album' form. A failure shows inside the modal, which stays
 * open (docs/product.md#messages); success closes it with a toast linking to the album.
 */
export function CopyToAlbumModal({ opened, photoIds, onClose }: CopyToAlbumModalProps) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [failures, setFailures] = useState(0);
  const navigate = useAppNavigate();
  const albums = useGetAlbumsInfiniteQuery(undefined, { skip: !opened });
  const [createAlbum, createState] = useCreateAlbumMutation();
  const [addPhotos, addState] = useAddPhotosToAlbumMutation();
  const busy = createState.isLoading || addState.isLoading;

  const ownAlbums = useMemo(
    () =>
      (albums.data?.pages ?? []).flatMap((page) => page.albums).filter((album) => !album.isShared),
    [albums.data],
  );

  const close = () => {
    setCreating(false);
    setFailures(0);
    onClose();
  };

  const copyInto = async (albumId: string, albumName: string) => {
    const result = await addPhotos({ albumId, photoIds });
    if ('error' in result || result.data.failed.length > 0) {
      setFailures((count) => count + 1);
      return;
    }
    trackCounter(COUNTERS.copyToAlbum);
    close();
    const path = albumPath(albumId);
    const toastId = `copied-${albumId}-${Date.now()}`;
    showToast({
      id: toastId,
      message: (
        <Trans
          i18nKey="albums.copy.success"
          values={{ albumName }}
          components={{
            // The toast lives outside the router: navigate through the captured function.
            albumLink: (
              <Anchor
                href={path}
                c="white"
                underline="always"
                onClick={(event) => {
                  event.preventDefault();
                  hideToast(toastId);
                  navigate(path);
                }}
              />
            ),
          }}
        />
      ),
    });
  };

  const onSelect = (album: Album) => {
    if (!busy) void copyInto(album.albumId, album.albumName);
  };

  return (
    <AppDialog
      opened={opened}
      onClose={close}
      size="lg"
      title={
        creating ? (
          t('albums.create.title')
        ) : (
          <Stack gap={0}>
            <Text fw={600} size="lg">
              {t('albums.copy.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('albums.copy.selected', { amount: photoIds.length, count: photoIds.length })}
            </Text>
          </Stack>
        )
      }
    >
      {failures > 0 && (
        <AppDialogAlert mb="md" message={t('albums.saveError')} showKey={failures} />
      )}
      {creating ? (
        <AlbumNameForm
          submitLabel={t('albums.create.submit')}
          busy={busy}
          secondaryAction={
            <Button variant="default" onClick={() => setCreating(false)}>
              {t('common.cancel')}
            </Button>
          }
          onSubmit={async (name) => {
            const created = await createAlbum({ name });
            if ('error' in created) {
              setFailures((count) => count + 1);
              return;
            }
            await copyInto(created.data.albumId, name);
          }}
        />
      ) : albums.isLoading ? (
        <Center py="xl">
          <LoadingSpinner />
        </Center>
      ) : albums.isError ? (
        <AppDialogAlert message={t('albums.loadError')} />
      ) : (
        <Stack>
          <AlbumTileGrid compact>
            <NewAlbumTile onClick={() => setCreating(true)} />
            {ownAlbums.map((album) => (
              <AlbumTile key={album.albumId} album={album} onSelect={onSelect} disabled={busy} />
            ))}
          </AlbumTileGrid>
          {albums.hasNextPage && (
            <Button
              variant="subtle"
              loading={albums.isFetchingNextPage}
              onClick={() => void albums.fetchNextPage()}
            >
              {t('albums.loadMore')}
            </Button>
          )}
        </Stack>
      )}
    </AppDialog>
  );
}
