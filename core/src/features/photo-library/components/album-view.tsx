import { Button, Center, Group, Stack } from '@mantine/core';
import { Suspense, useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo } from '../../../api/schemas/photo';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { TrashIcon } from '../../../ui/icons';
import { useAlbumPhotoList } from '../../albums/use-album-photo-list';
import type { AlbumKind } from '../../albums/use-album-photo-list';
import { PhotoList } from '../../photos/components/photo-list';
import { albumPhotoPreviewPath, sharedAlbumPhotoPreviewPath } from '../../photos/paths';
import { useOpenPreview } from '../../photos/scroll-restore';
import {
  selectModeStarted,
  selectSelectionMode,
  selectionStopped,
} from '../../photos/selection/selection-slice';
import { AlbumsBreadcrumb, DeleteAlbumDialog } from './album-page-parts';
import type { DeleteAlbumTexts } from './album-page-parts';
import { AlbumSortSelect } from './album-sort-select';
import { ErrorNotice } from '../../../ui/error-notice';
import { lazyAfterContent } from '../../../ui/lazy-after-content';
import { LoadingSpinner } from '../../../ui/loading-screen';

// Select mode's bar (its actions, menus and tooltips) shows only after a click: fetched once the
// album's photos are on screen, not with the page.
const PhotoSelectionBar = lazyAfterContent(() =>
  import('../../photo-actions/photo-selection-bar').then((m) => ({
    default: m.PhotoSelectionBar,
  })),
);

export interface AlbumViewProps {
  kind: AlbumKind;
  album: { albumId: string; albumName: string; photosCount: number };
  /** Name, details and banner above the toolbar. */
  header: ReactNode;
  /** The page's own actions, first in the toolbar (Add photos). */
  actions?: ReactNode;
  /** Shown when the album has no photos. */
  empty: ReactNode;
  /** The delete confirmation's texts and call (they differ for owners and participants). */
  deleteAlbum: DeleteAlbumTexts & { run: () => Promise<boolean> };
}

/**
 * The page of one album, own or shared (docs/product.md#screens): breadcrumb, header, toolbar
 * (the page's actions, Select, Delete album, sort), the album's photos in the one photo list,
 * select mode's bar and the delete confirmation. The two album pages differ only in what they
 * pass in.
 */
export function AlbumView({ kind, album, header, actions, empty, deleteAlbum }: AlbumViewProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { albumId } = album;
  const { list, sorting, setSorting } = useAlbumPhotoList(kind, albumId);
  const selecting = useAppSelector(selectSelectionMode) === 'select';
  const [deleteOpen, setDeleteOpen] = useState(false);
  // Stable callbacks: a new `onOpen` on every render of the page (a page of data arriving,
  // fetching starting or ending) re-rendered every tile of the list.
  const openPreview = useOpenPreview(
    useCallback(
      (photoId: string) =>
        kind === 'album'
          ? albumPhotoPreviewPath(albumId, photoId)
          : sharedAlbumPhotoPreviewPath(albumId, photoId),
      [kind, albumId],
    ),
  );
  const onOpen = useCallback((photo: Photo) => openPreview(photo.imageId), [openPreview]);

  // The selection belongs to this album only.
  useEffect(() => {
    dispatch(selectionStopped());
    return () => {
      dispatch(selectionStopped());
    };
  }, [dispatch, albumId]);

  const selectedItems = (ids: readonly string[]) => {
    const byId = new Map(list.photos.map((photo) => [photo.imageId, photo]));
    return ids.map((id) => byId.get(id) ?? id);
  };

  return (
    <Stack gap="lg">
      <AlbumsBreadcrumb />
      {header}
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {actions}
          {list.photos.length > 0 && !selecting && (
            <Button variant="default" onClick={() => dispatch(selectModeStarted())}>
              {t('albums.select')}
            </Button>
          )}
          <Button
            variant="subtle"
            color="red"
            leftSection={<TrashIcon size={16} />}
            onClick={() => setDeleteOpen(true)}
          >
            {t('albums.deleteAlbum')}
          </Button>
        </Group>
        {list.photos.length > 1 && <AlbumSortSelect value={sorting} onChange={setSorting} />}
      </Group>

      {list.isError ? (
        <ErrorNotice
          title={t('albums.albumPhotosLoadError')}
          hint={null}
          onRetry={list.retry}
          retrying={list.isFetching}
        />
      ) : list.isLoading ? (
        <Center py="xl">
          <LoadingSpinner />
        </Center>
      ) : list.photos.length === 0 ? (
        empty
      ) : (
        <PhotoList
          photos={list.photos}
          total={album.photosCount}
          loaded={list.loaded}
          hasNextPage={list.hasMore}
          isFetching={list.isFetching}
          fetchNextPage={list.loadMore}
          label={album.albumName}
          onOpen={onOpen}
        />
      )}

      {/* A Suspense of its own: the bar still loading must not blank the album. */}
      <Suspense fallback={null}>
        {selecting && (
          <PhotoSelectionBar
            view={{ kind, albumId, albumName: album.albumName }}
            selectedItems={selectedItems}
            onCancel={() => dispatch(selectionStopped())}
          />
        )}
      </Suspense>
      <DeleteAlbumDialog
        albumId={albumId}
        albumName={album.albumName}
        opened={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        title={deleteAlbum.title}
        text={deleteAlbum.text}
        undoable={deleteAlbum.undoable}
        deleteAlbum={deleteAlbum.run}
      />
    </Stack>
  );
}
