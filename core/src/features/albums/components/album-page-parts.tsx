import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo } from '../../../api/schemas/photo';
import type { SortingOptions } from '../../../api/schemas/paging';
import { AppDialog, AppDialogAlert } from '../../../ui/app-dialog';
import { AppLink, useAppNavigate } from '../../../ui/stripped-link';
import { showToast } from '../../../ui/toast';
import { ALBUMS_PATH } from '../paths';
import { AlbumPhotoGrid } from './album-photo-grid';
import { AlbumSortSelect } from './album-sort-select';
import { TrashIcon } from './icons';
import type { AlbumPhotos, AlbumPhotosQuery } from './use-album-photos';

// Pieces shared by the own-album and shared-album pages (docs/product.md#screens, docs/product.md#roles-and-flags); each page keeps what differs.

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

/** Shown while the album itself is loading, or instead of the page when it failed to load. */
export function AlbumLoadFallback({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Stack>
        <AlbumsBreadcrumb />
        <Alert color="red" role="alert">
          {t('albums.albumLoadError')}
        </Alert>
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/**
 * The row above the photos: the page's own actions first (`children`), then Select and
 * Delete album, with the sort order on the right once there is something to sort.
 */
export function AlbumToolbar<TPhoto extends Photo>({
  photos,
  sorting,
  onSortingChange,
  onDelete,
  children,
}: {
  photos: AlbumPhotos<TPhoto>;
  sorting: SortingOptions;
  onSortingChange: (sorting: SortingOptions) => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        {children}
        {photos.list.length > 0 && !photos.selecting && (
          <Button variant="default" onClick={photos.startSelecting}>
            {t('albums.select')}
          </Button>
        )}
        <Button
          variant="subtle"
          color="red"
          leftSection={<TrashIcon size={16} />}
          onClick={onDelete}
        >
          {t('albums.deleteAlbum')}
        </Button>
      </Group>
      {photos.list.length > 1 && <AlbumSortSelect value={sorting} onChange={onSortingChange} />}
    </Group>
  );
}

/** The album's photos, or their load error, a loader or the page's own empty state. */
export function AlbumPhotosContent<TPhoto extends Photo>({
  query,
  photos,
  empty,
}: {
  query: AlbumPhotosQuery<TPhoto>;
  photos: AlbumPhotos<TPhoto>;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {t('albums.albumPhotosLoadError')}
      </Alert>
    );
  }
  if (query.isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (photos.list.length === 0) return empty;
  return (
    <AlbumPhotoGrid
      photos={photos.list}
      selecting={photos.selecting}
      selected={photos.selected}
      onOpen={photos.openPreview}
      onToggle={photos.toggle}
      onEndReached={photos.loadMore}
    />
  );
}

/**
 * Delete-album confirmation: the caller gives the texts (they differ for owners and
 * participants of shared albums) and the delete call; on success it leaves for the album list.
 */
export function DeleteAlbumDialog({
  albumName,
  opened,
  onClose,
  title,
  text,
  busy,
  deleteAlbum,
}: {
  albumName: string;
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  busy: boolean;
  /** Resolves false when the server refused. */
  deleteAlbum: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [failures, setFailures] = useState(0);
  const close = () => {
    setFailures(0);
    onClose();
  };
  return (
    <AppDialog opened={opened} onClose={close} title={title}>
      <Stack>
        {failures > 0 && (
          <AppDialogAlert message={t('albums.removeAlbumError')} showKey={failures} />
        )}
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={async () => {
              if (!(await deleteAlbum())) {
                setFailures((count) => count + 1);
                return;
              }
              close();
              navigate(ALBUMS_PATH, { replace: true });
              showToast({ message: t('albums.albumDeleted', { albumName }) });
            }}
          >
            {t('albums.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
