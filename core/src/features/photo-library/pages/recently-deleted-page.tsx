import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo } from '../../../api/schemas/photo';
import type { TrashedAlbum } from '../../../api/schemas/trash';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { EmptyState } from '../../../ui/empty-state';
import { ConfirmedAction } from '../../../ui/confirmed-action';
import { ErrorNotice } from '../../../ui/error-notice';
import { markContentShown } from '../../../ui/first-content';
import { LoadingSpinner } from '../../../ui/loading-screen';
import { showToast } from '../../../ui/toast';
import { AlbumTile, AlbumTileGrid } from '../../albums/components/album-tile';
import { usePageTitle } from '../../brand/use-page-title';
import { PhotoSelectionBar } from '../../photo-actions/photo-selection-bar';
import { PhotoList } from '../../photos/components/photo-list';
import { usePagedPhotos } from '../../photos/paged-photos';
import {
  allSelected,
  selectModeStarted,
  selectSelectedCount,
  selectSelectionMode,
  selectionStopped,
} from '../../photos/selection/selection-slice';
import { daysLeft } from '../../photos/trash-days';
import {
  useEmptyTrashMutation,
  useGetTrashAlbumsQuery,
  useGetTrashPhotosInfiniteQuery,
  useRestoreAlbumsMutation,
} from '../../photos/trash-api';
import { PhotoLibraryTabs } from '../components/photo-library-tabs';
import { useLibraryKeys } from '../use-library-keys';

/**
 * /my-photos/recently-deleted (docs/product.md#recently-deleted): what was deleted in the last
 * 30 days, one more view on the shared photo components: the same list, tiles (with the days
 * left as their badge), selection and bar (Restore, Delete permanently), the deleted albums with
 * Restore, and Empty.
 */
export function RecentlyDeletedPage() {
  const { t } = useTranslation();
  usePageTitle(t('photos.trash.title'));
  const dispatch = useAppDispatch();
  const list = usePagedPhotos(
    useImagesPages(useGetTrashPhotosInfiniteQuery(undefined, { refetchOnMountOrArgChange: true })),
  );
  const albums = useGetTrashAlbumsQuery(undefined, { refetchOnMountOrArgChange: true });
  const selecting = useAppSelector(selectSelectionMode) !== 'off';
  const selected = useAppSelector(selectSelectedCount);
  const [emptyOpen, setEmptyOpen] = useState(false);

  // The selection belongs to this list only.
  useEffect(() => {
    dispatch(selectionStopped());
    return () => void dispatch(selectionStopped());
  }, [dispatch]);

  const loadedIds = useMemo(() => list.photos.map((photo) => photo.imageId), [list.photos]);
  const selectAll = useCallback(() => dispatch(allSelected(loadedIds)), [dispatch, loadedIds]);
  useLibraryKeys(selectAll);

  const purgeAt = useMemo(
    () => new Map(list.photos.map((photo) => [photo.imageId, photo.purgeAt])),
    [list.photos],
  );
  const badge = useCallback(
    (photo: Photo) => {
      const at = purgeAt.get(photo.imageId);
      return at ? t('photos.trash.daysLeft', { count: daysLeft(at) }) : null;
    },
    [purgeAt, t],
  );

  const trashedAlbums = albums.data?.albums ?? [];
  const loading = list.isLoading || albums.isLoading;
  const failed = list.isError || albums.isError;
  const empty = !loading && !failed && list.photos.length === 0 && trashedAlbums.length === 0;
  useEffect(() => {
    if (!loading) markContentShown();
  }, [loading]);

  return (
    <Stack gap="lg">
      <PhotoLibraryTabs />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 16rem' }}>
          <Title order={1} size="h2">
            {t('photos.trash.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('photos.trash.intro')}
          </Text>
        </Stack>
        <Group gap="sm">
          {selecting ? (
            <>
              <Text fw={600} hiddenFrom="xs">
                {t('photos.header.selected', { amount: selected })}
              </Text>
              <Button variant="default" onClick={selectAll}>
                {t('photos.header.selectAll')}
              </Button>
              <Button variant="subtle" onClick={() => dispatch(selectionStopped())}>
                {t('photos.header.cancel')}
              </Button>
            </>
          ) : list.photos.length > 0 ? (
            <Button variant="default" onClick={() => dispatch(selectModeStarted())}>
              {t('photos.header.select')}
            </Button>
          ) : null}
          {!selecting && !empty && !loading ? (
            <Button variant="light" color="red" onClick={() => setEmptyOpen(true)}>
              {t('photos.trash.empty')}
            </Button>
          ) : null}
        </Group>
      </Group>

      {loading ? (
        <Center py="xl">
          <LoadingSpinner />
        </Center>
      ) : failed ? (
        <ErrorNotice
          title={t('photos.trash.loadError')}
          error={list.isError ? undefined : albums.error}
          onRetry={() => {
            if (list.isError) list.retry();
            if (albums.isError) void albums.refetch();
          }}
          retrying={list.isFetching || albums.isFetching}
        />
      ) : empty ? (
        <EmptyState title={t('photos.trash.nothing')} hint={t('photos.trash.nothingHint')} />
      ) : (
        <>
          {trashedAlbums.length > 0 ? (
            <Stack gap="sm" component="section" aria-labelledby="trash-albums">
              <Title order={2} size="h4" id="trash-albums">
                {t('photos.tabs.albums')}
              </Title>
              <AlbumTileGrid>
                {trashedAlbums.map((album) => (
                  <TrashedAlbumTile key={album.albumId} album={album} />
                ))}
              </AlbumTileGrid>
            </Stack>
          ) : null}
          {list.photos.length > 0 ? (
            <Stack gap="sm" component="section" aria-labelledby="trash-photos">
              <Title order={2} size="h4" id="trash-photos">
                {t('photos.tabs.photos')}
              </Title>
              <PhotoList
                photos={list.photos}
                total={list.photos.length}
                loaded={list.loaded}
                hasNextPage={list.hasMore}
                isFetching={list.isFetching}
                fetchNextPage={list.loadMore}
                label={t('photos.trash.title')}
                // A deleted photo has no preview: a tile picks its photo.
                opens={false}
                onOpen={() => {}}
                badge={badge}
              />
            </Stack>
          ) : null}
        </>
      )}

      {selecting ? (
        // Cancel is in the heading, as in the library: on a phone the bar keeps its width for
        // its two buttons.
        <PhotoSelectionBar view={{ kind: 'trash' }} />
      ) : null}
      <EmptyTrash opened={emptyOpen} onClose={() => setEmptyOpen(false)} />
    </Stack>
  );
}

/** The trash pages carry `photos` where the other photo pages carry `images`. */
function useImagesPages<Q extends { data?: { pages: { photos: TrashPhoto[] }[] } }>(query: Q) {
  const data = useMemo(
    () =>
      query.data ? { pages: query.data.pages.map((page) => ({ images: page.photos })) } : undefined,
    [query.data],
  );
  return { ...query, data };
}
type TrashPhoto = Photo & { purgeAt: string };

/** A deleted album: the albums list's tile, its days left and Restore. */
function TrashedAlbumTile({ album }: { album: TrashedAlbum }) {
  const { t } = useTranslation();
  const [restore, { isLoading }] = useRestoreAlbumsMutation();
  const run = async () => {
    const result = await restore([album.albumId]);
    const ok = !('error' in result) && result.data.failed.length === 0;
    showToast(
      ok
        ? {
            message: t('albums.albumRestored', { albumName: album.albumName }),
            role: 'status',
            focus: true,
          }
        : { message: t('photos.trash.restoreFailed'), color: 'red', focus: true },
    );
  };
  return (
    <Stack gap={6}>
      <AlbumTile album={album} />
      <Text size="xs" c="dimmed">
        {t('photos.trash.daysLeft', { count: daysLeft(album.purgeAt) })}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        loading={isLoading}
        aria-label={t('photos.trash.restoreAlbum', { albumName: album.albumName })}
        onClick={() => void run()}
      >
        {t('photos.trash.restore')}
      </Button>
    </Stack>
  );
}

/** Empty: every photo and album of Recently deleted for good, after a confirmation. */
function EmptyTrash({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [emptyTrash] = useEmptyTrashMutation();
  return (
    <ConfirmedAction
      opened={opened}
      onClose={onClose}
      title={t('photos.trash.emptyTitle')}
      text={t('photos.trash.emptyText')}
      confirmLabel={t('photos.trash.empty')}
      errorMessage={t('photos.trash.emptyFailed')}
      act={async () => ('error' in (await emptyTrash()) ? null : true)}
      onDone={() => showToast({ message: t('photos.trash.emptied'), role: 'status', focus: true })}
    />
  );
}
