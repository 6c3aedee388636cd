import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import type { Album } from '../../../api/schemas/album';
import { useAppDispatch } from '../../../store/hooks';
import { AppDialogAlert } from '../../../ui/app-dialog';
import { carryStripped, useIsStripped } from '../../../ui/stripped-link';
import { showToast } from '../../../ui/toast';
import { usePhotoDownloads } from '../../downloads/use-photo-downloads';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import { UploadPhotosModal } from '../../photo-library/components/upload-photos-modal';
import { photosRemoved, selectionStopped } from '../../selection/selection-slice';
import { usePageTitle } from '../../brand/use-page-title';
import { useSortingOptions } from '../../sorting/use-sorting-options';
import {
  useDeleteAlbumMutation,
  useGetAlbumPhotosInfiniteQuery,
  useGetAlbumQuery,
  useRemovePhotosFromAlbumMutation,
  useRenameAlbumMutation,
} from '../api';
import { AlbumNameForm } from '../components/album-name-form';
import {
  AlbumLoadFallback,
  AlbumPhotosContent,
  AlbumsBreadcrumb,
  AlbumToolbar,
  DeleteAlbumDialog,
} from '../components/album-page-parts';
import { AlbumSelectionBar } from '../components/album-selection-bar';
import { CopyToAlbumModal } from '../components/copy-to-album-modal';
import { PencilIcon, PlusIcon } from '../components/icons';
import { useAlbumPhotos } from '../components/use-album-photos';
import { albumPhotoPreviewPath, sharedAlbumPath } from '../paths';
import { useCreatedText } from '../use-created-label';
import '../components/albums.css';

/** /my-photos/albums/:id: one own album (docs/product.md#screens "Single album page"). */
export function AlbumPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const sharedView = useFeatureFlag('PhotoManagementSharedAlbumsViewEnabled');
  const stripped = useIsStripped();
  const album = useGetAlbumQuery(id);

  usePageTitle(album.data?.albumName ?? t('albums.myAlbums'));

  if (album.isError || !album.data) return <AlbumLoadFallback failed={album.isError} />;
  // docs/product.md#screens: a shared album opens in the shared-album view when that view is on.
  if (album.data.isShared && sharedView) {
    return <Navigate to={carryStripped(sharedAlbumPath(id), stripped)} replace />;
  }
  return <AlbumContent album={album.data} />;
}

function AlbumContent({ album }: { album: Album }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const createdText = useCreatedText();
  const canCopy = useFeatureFlag('PhotoManagementAlbumViewEnabled');
  const canUpload = useFeatureFlag('PhotoManagementUploadEnabled');
  const [sorting, setSorting] = useSortingOptions('albumPhotos');
  const query = useGetAlbumPhotosInfiniteQuery({ albumId: album.albumId, ...sorting });
  const photos = useAlbumPhotos(album.albumId, query, albumPhotoPreviewPath);
  const [removePhotos] = useRemovePhotosFromAlbumMutation();
  const [deleteAlbum, { isLoading: deleting }] = useDeleteAlbumMutation();
  const { download } = usePhotoDownloads();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const removeSelected = async () => {
    const photoIds = [...photos.selectedIds];
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
    <Stack gap="lg" pb={photos.selecting ? 80 : undefined}>
      <AlbumsBreadcrumb />
      <AlbumTitle album={album} />
      <Text size="sm" c="dimmed" data-testid="album-info">
        {createdText(album.created)} · {t('albums.photoCount', { count: album.photosCount })}
      </Text>
      <AlbumToolbar
        photos={photos}
        sorting={sorting}
        onSortingChange={setSorting}
        onDelete={() => setDeleteOpen(true)}
      >
        {canUpload && (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setUploadOpen(true)}>
            {t('albums.addPhotos')}
          </Button>
        )}
      </AlbumToolbar>

      <AlbumPhotosContent
        query={query}
        photos={photos}
        empty={
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
        }
      />

      {photos.selecting && (
        <AlbumSelectionBar
          count={photos.selectedIds.length}
          shared={false}
          canCopy={canCopy}
          onCancel={photos.stopSelecting}
          onDownload={() => void download(photos.selectedPhotos())}
          onCopy={() => setCopyOpen(true)}
          onRemove={() => void removeSelected()}
        />
      )}
      <CopyToAlbumModal
        opened={copyOpen}
        photoIds={photos.selectedIds}
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
      <DeleteAlbumDialog
        albumName={album.albumName}
        opened={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        title={t('albums.deleteConfirmTitle')}
        text={t('albums.deleteConfirmText', { albumName: album.albumName })}
        busy={deleting}
        deleteAlbum={async () => !('error' in (await deleteAlbum(album.albumId)))}
      />
    </Stack>
  );
}

/** The album name, editable in place with the create form's rules (docs/product.md#validation). */
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
