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
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { SharedPhoto } from '../../../api/schemas/photo';
import type { SharedAlbum } from '../../../api/schemas/shared-album';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePlatform } from '../../../platform/platform-context';
import { AppDialog, AppDialogAlert } from '../../../ui/app-dialog';
import { AppLink, useAppNavigate } from '../../../ui/stripped-link';
import { showToast } from '../../../ui/toast';
import { useIdentity } from '../../auth/use-identity';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import { saveListScroll, useRestoreListScroll } from '../../photo-preview/list-scroll';
import {
  photoToggled,
  rangeSelected,
  selectionStopped,
  selectModeStarted,
  selectSelectedIds,
  selectSelectionMode,
} from '../../selection/selection-slice';
import { usePageTitle } from '../../shell/use-page-title';
import { useSortingOptions } from '../../sorting/use-sorting-options';
import {
  useDeleteSharedAlbumMutation,
  useGetSharedAlbumPhotosInfiniteQuery,
  useGetSharedAlbumQuery,
} from '../api';
import { AlbumPhotoGrid } from '../components/album-photo-grid';
import { AlbumSelectionBar } from '../components/album-selection-bar';
import { AlbumSortSelect } from '../components/album-sort-select';
import { TrashIcon, UsersIcon } from '../components/icons';
import { ALBUMS_PATH, sharedAlbumPhotoPreviewPath } from '../paths';
import { useSharedAlbumDownload } from '../use-shared-album-download';
import { useCreatedText } from '../use-created-label';
import '../components/albums.css';

/** /my-photos/shared-albums/:id: a shared album, read-only but downloadable (spec §2, §6). */
export function SharedAlbumPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const album = useGetSharedAlbumQuery(id);
  usePageTitle(album.data?.albumName ?? t('albums.sharedWithYou'));

  if (album.isError) {
    return (
      <Stack>
        <AlbumsBreadcrumb />
        <Alert color="red" role="alert">
          {t('albums.albumLoadError')}
        </Alert>
      </Stack>
    );
  }
  if (!album.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return <SharedAlbumContent album={album.data} />;
}

function AlbumsBreadcrumb() {
  const { t } = useTranslation();
  return (
    <Breadcrumbs>
      <Anchor component={AppLink} to={ALBUMS_PATH}>
        {t('albums.myAlbums')}
      </Anchor>
    </Breadcrumbs>
  );
}

function SharedAlbumContent({ album }: { album: SharedAlbum }) {
  const { t } = useTranslation();
  const identity = useIdentity();
  const platform = usePlatform();
  const dispatch = useAppDispatch();
  const navigate = useAppNavigate();
  const createdText = useCreatedText();
  const canCopy = useFeatureFlag('PhotoManagementAlbumViewEnabled');
  const canOrderPrints = useFeatureFlag('PhotoManagementOrderPrintsEnabled');
  const [sorting, setSorting] = useSortingOptions('sharedAlbumPhotos');
  const photos = useGetSharedAlbumPhotosInfiniteQuery({ albumId: album.albumId, ...sorting });
  const mode = useAppSelector(selectSelectionMode);
  const selectedIds = useAppSelector(selectSelectedIds);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const download = useSharedAlbumDownload(album.albumId);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const isOwner = album.ownerId === identity.sub;

  const list = useMemo(
    () => (photos.data?.pages ?? []).flatMap((page) => page.images),
    [photos.data],
  );
  const ids = useMemo(() => list.map((photo) => photo.imageId), [list]);
  const selecting = mode === 'select';

  useEffect(() => {
    dispatch(selectionStopped());
    return () => {
      dispatch(selectionStopped());
    };
  }, [dispatch, album.albumId]);

  useRestoreListScroll(photos.isSuccess);

  const openPreview = (photo: SharedPhoto) => {
    saveListScroll(platform.storage);
    navigate({
      pathname: sharedAlbumPhotoPreviewPath(album.albumId, photo.imageId),
      search: window.location.search,
    });
  };

  return (
    <Stack gap="lg" pb={selecting ? 80 : undefined}>
      <AlbumsBreadcrumb />
      <Stack gap={4}>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {album.albumName}
        </Title>
        <Group gap={6} c="dimmed">
          <UsersIcon size={16} />
          <Text size="sm" data-testid="shared-album-members">
            {isOwner
              ? t('albums.sharedWithPeople', { count: album.participants.length })
              : t('albums.sharedBy', { email: album.owner.email })}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {createdText(album.created)} · {t('albums.photoCount', { count: album.photosCount })}
        </Text>
      </Stack>
      <Alert color="blue" variant="light" data-testid="shared-album-banner">
        {t('albums.sharedBanner')}
      </Alert>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {list.length > 0 && !selecting && (
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
        {list.length > 1 && <AlbumSortSelect value={sorting} onChange={setSorting} />}
      </Group>

      {photos.isError ? (
        <Alert color="red" role="alert">
          {t('albums.albumPhotosLoadError')}
        </Alert>
      ) : photos.isLoading ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : list.length === 0 ? (
        <Center py="xl" data-testid="album-empty">
          <Title order={2} size="h3">
            {t('albums.sharedEmpty')}
          </Title>
        </Center>
      ) : (
        <AlbumPhotoGrid
          photos={list}
          selecting={selecting}
          selected={selected}
          onOpen={openPreview}
          onToggle={(photo, range) =>
            dispatch(
              range
                ? rangeSelected({ orderedIds: ids, toId: photo.imageId })
                : photoToggled(photo.imageId),
            )
          }
          onEndReached={() => {
            if (photos.hasNextPage && !photos.isFetchingNextPage) void photos.fetchNextPage();
          }}
        />
      )}

      {selecting && (
        <AlbumSelectionBar
          count={selectedIds.length}
          shared
          canCopy={canCopy}
          showOrderPrints={canOrderPrints}
          onCancel={() => dispatch(selectionStopped())}
          onDownload={() => void download(list.filter((photo) => selected.has(photo.imageId)))}
          onCopy={() => {}}
          onRemove={() => {}}
        />
      )}
      <DeleteSharedAlbumDialog
        album={album}
        isOwner={isOwner}
        opened={deleteOpen}
        onClose={() => setDeleteOpen(false)}
      />
    </Stack>
  );
}

/** Spec §6: the confirmation says what deleting does for the owner and for a participant. */
function DeleteSharedAlbumDialog({
  album,
  isOwner,
  opened,
  onClose,
}: {
  album: SharedAlbum;
  isOwner: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [deleteAlbum, { isLoading }] = useDeleteSharedAlbumMutation();
  const [failures, setFailures] = useState(0);
  const close = () => {
    setFailures(0);
    onClose();
  };
  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title={
        isOwner ? t('albums.deleteSharedOwnerTitle') : t('albums.deleteSharedParticipantTitle')
      }
    >
      <Stack>
        {failures > 0 && (
          <AppDialogAlert message={t('albums.removeAlbumError')} showKey={failures} />
        )}
        <Text>
          {isOwner
            ? t('albums.deleteSharedOwnerText', { albumName: album.albumName })
            : t('albums.deleteSharedParticipantText', {
                albumName: album.albumName,
                email: album.owner.email,
              })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={isLoading}
            onClick={async () => {
              const result = await deleteAlbum(album.albumId);
              if ('error' in result) {
                setFailures((count) => count + 1);
                return;
              }
              close();
              navigate(ALBUMS_PATH, { replace: true });
              showToast({ message: t('albums.albumDeleted', { albumName: album.albumName }) });
            }}
          >
            {t('albums.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
