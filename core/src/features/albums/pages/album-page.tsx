import {
  ActionIcon,
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
import { Navigate, useParams } from 'react-router-dom';
import type { Album } from '../../../api/schemas/album';
import type { Photo } from '../../../api/schemas/photo';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePlatform } from '../../../platform/platform-context';
import { AppDialog, AppDialogAlert } from '../../../ui/app-dialog';
import { AppLink, carryStripped, useAppNavigate, useIsStripped } from '../../../ui/stripped-link';
import { showToast } from '../../../ui/toast';
import { usePhotoDownloads } from '../../downloads/use-photo-downloads';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import { UploadPhotosModal } from '../../photo-library/components/upload-photos-modal';
import { saveListScroll, useRestoreListScroll } from '../../photo-preview/list-scroll';
import {
  photosRemoved,
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
  useDeleteAlbumMutation,
  useGetAlbumPhotosInfiniteQuery,
  useGetAlbumQuery,
  useRemovePhotosFromAlbumMutation,
  useRenameAlbumMutation,
} from '../api';
import { AlbumNameForm } from '../components/album-name-form';
import { AlbumPhotoGrid } from '../components/album-photo-grid';
import { AlbumSelectionBar } from '../components/album-selection-bar';
import { AlbumSortSelect } from '../components/album-sort-select';
import { CopyToAlbumModal } from '../components/copy-to-album-modal';
import { PencilIcon, PlusIcon, TrashIcon } from '../components/icons';
import { ALBUMS_PATH, albumPhotoPreviewPath, sharedAlbumPath } from '../paths';
import { useCreatedText } from '../use-created-label';
import '../components/albums.css';

/** /my-photos/albums/:id: one own album (spec §2 "Single album page"). */
export function AlbumPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const sharedView = useFeatureFlag('PhotoManagementSharedAlbumsViewEnabled');
  const stripped = useIsStripped();
  const album = useGetAlbumQuery(id);

  usePageTitle(album.data?.albumName ?? t('albums.myAlbums'));

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
  // Spec §2: a shared album opens in the shared-album view when that view is on.
  if (album.data.isShared && sharedView) {
    return <Navigate to={carryStripped(sharedAlbumPath(id), stripped)} replace />;
  }
  return <AlbumContent album={album.data} />;
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

function AlbumContent({ album }: { album: Album }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const dispatch = useAppDispatch();
  const navigate = useAppNavigate();
  const createdText = useCreatedText();
  const canCopy = useFeatureFlag('PhotoManagementAlbumViewEnabled');
  const canUpload = useFeatureFlag('PhotoManagementUploadEnabled');
  const [sorting, setSorting] = useSortingOptions('albumPhotos');
  const photos = useGetAlbumPhotosInfiniteQuery({ albumId: album.albumId, ...sorting });
  const mode = useAppSelector(selectSelectionMode);
  const selectedIds = useAppSelector(selectSelectedIds);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const [removePhotos] = useRemovePhotosFromAlbumMutation();
  const { download } = usePhotoDownloads();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const list = useMemo(
    () => (photos.data?.pages ?? []).flatMap((page) => page.images),
    [photos.data],
  );
  const ids = useMemo(() => list.map((photo) => photo.imageId), [list]);
  const selecting = mode === 'select';

  // The selection belongs to this list only.
  useEffect(() => {
    dispatch(selectionStopped());
    return () => {
      dispatch(selectionStopped());
    };
  }, [dispatch, album.albumId]);

  useRestoreListScroll(photos.isSuccess);

  const openPreview = (photo: Photo) => {
    saveListScroll(platform.storage);
    navigate({
      pathname: albumPhotoPreviewPath(album.albumId, photo.imageId),
      search: window.location.search,
    });
  };

  const selectedPhotos = () => list.filter((photo) => selected.has(photo.imageId));

  const removeSelected = async () => {
    const photoIds = [...selectedIds];
    const result = await removePhotos({ albumId: album.albumId, photoIds });
    const failed = 'error' in result ? photoIds.length : result.data.failed.length;
    if (failed > 0) {
      showToast({ message: t('albums.removeError', { count: photoIds.length }), color: 'red' });
      return;
    }
    dispatch(photosRemoved(photoIds));
    dispatch(selectionStopped());
    showToast({
      message: t('albums.photoRemoved', { count: photoIds.length, albumName: album.albumName }),
    });
  };

  return (
    <Stack gap="lg" pb={selecting ? 80 : undefined}>
      <AlbumsBreadcrumb />
      <AlbumTitle album={album} />
      <Text size="sm" c="dimmed" data-testid="album-info">
        {createdText(album.created)} · {t('albums.photoCount', { count: album.photosCount })}
      </Text>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {canUpload && (
            <Button leftSection={<PlusIcon size={16} />} onClick={() => setUploadOpen(true)}>
              {t('albums.addPhotos')}
            </Button>
          )}
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
        <Stack align="center" py="xl" gap="sm" data-testid="album-empty">
          <Title order={2} size="h3">
            {t('albums.emptyAlbum')}
          </Title>
          <Text c="dimmed">{t('albums.emptyAlbumHint')}</Text>
          {canUpload && (
            <Button leftSection={<PlusIcon size={16} />} onClick={() => setUploadOpen(true)}>
              {t('albums.addPhotos')}
            </Button>
          )}
        </Stack>
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
          shared={false}
          canCopy={canCopy}
          onCancel={() => dispatch(selectionStopped())}
          onDownload={() => void download(selectedPhotos())}
          onCopy={() => setCopyOpen(true)}
          onRemove={() => void removeSelected()}
        />
      )}
      <CopyToAlbumModal
        opened={copyOpen}
        photoIds={selectedIds}
        onClose={() => {
          setCopyOpen(false);
        }}
      />
      {canUpload && (
        <UploadPhotosModal
          opened={uploadOpen}
          albumId={album.albumId}
          onClose={() => setUploadOpen(false)}
        />
      )}
      <DeleteAlbumDialog album={album} opened={deleteOpen} onClose={() => setDeleteOpen(false)} />
    </Stack>
  );
}

/** The album name, editable in place with the create form's rules (spec §5). */
function AlbumTitle({ album }: { album: Album }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [failures, setFailures] = useState(0);
  const [rename, { isLoading }] = useRenameAlbumMutation();

  if (!editing) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {album.albumName}
        </Title>
        <ActionIcon
          variant="subtle"
          aria-label={t('albums.rename')}
          onClick={() => setEditing(true)}
        >
          <PencilIcon size={18} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Stack gap="xs" maw={480}>
      <Title order={1} className="visually-hidden">
        {album.albumName}
      </Title>
      {failures > 0 && <AppDialogAlert message={t('albums.saveError')} showKey={failures} />}
      <AlbumNameForm
        defaultName={album.albumName}
        submitLabel={t('albums.save')}
        busy={isLoading}
        secondaryAction={
          <Button variant="default" onClick={() => setEditing(false)}>
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
          setEditing(false);
        }}
      />
    </Stack>
  );
}

function DeleteAlbumDialog({
  album,
  opened,
  onClose,
}: {
  album: Album;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [deleteAlbum, { isLoading }] = useDeleteAlbumMutation();
  const [failures, setFailures] = useState(0);
  const close = () => {
    setFailures(0);
    onClose();
  };
  return (
    <AppDialog opened={opened} onClose={close} title={t('albums.deleteConfirmTitle')}>
      <Stack>
        {failures > 0 && (
          <AppDialogAlert message={t('albums.removeAlbumError')} showKey={failures} />
        )}
        <Text>{t('albums.deleteConfirmText', { albumName: album.albumName })}</Text>
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
