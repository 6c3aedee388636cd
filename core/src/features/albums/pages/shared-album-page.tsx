import { Alert, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { SharedAlbum } from '../../../api/schemas/shared-album';
import { useIdentity } from '../../auth/use-identity';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import { usePageTitle } from '../../brand/use-page-title';
import { useSortingOptions } from '../../sorting/use-sorting-options';
import {
  useDeleteSharedAlbumMutation,
  useGetSharedAlbumPhotosInfiniteQuery,
  useGetSharedAlbumQuery,
} from '../api';
import {
  AlbumLoadFallback,
  AlbumPhotosContent,
  AlbumsBreadcrumb,
  AlbumToolbar,
  DeleteAlbumDialog,
} from '../components/album-page-parts';
import { AlbumSelectionBar } from '../components/album-selection-bar';
import { UsersIcon } from '../components/icons';
import { useAlbumPhotos } from '../components/use-album-photos';
import { sharedAlbumPhotoPreviewPath } from '../paths';
import { useSharedAlbumDownload } from '../use-shared-album-download';
import { useCreatedText } from '../use-created-label';
import '../components/albums.css';

/** /my-photos/shared-albums/:id: a shared album, read-only but downloadable (docs/product.md#screens, docs/product.md#roles-and-flags). */
export function SharedAlbumPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const album = useGetSharedAlbumQuery(id);
  usePageTitle(album.data?.albumName ?? t('albums.sharedWithYou'));

  if (album.isError || !album.data) return <AlbumLoadFallback failed={album.isError} />;
  return <SharedAlbumContent album={album.data} />;
}

function SharedAlbumContent({ album }: { album: SharedAlbum }) {
  const { t } = useTranslation();
  const identity = useIdentity();
  const createdText = useCreatedText();
  const canCopy = useFeatureFlag('PhotoManagementAlbumViewEnabled');
  const canOrderPrints = useFeatureFlag('PhotoManagementOrderPrintsEnabled');
  const [sorting, setSorting] = useSortingOptions('sharedAlbumPhotos');
  const query = useGetSharedAlbumPhotosInfiniteQuery({ albumId: album.albumId, ...sorting });
  const photos = useAlbumPhotos(album.albumId, query, sharedAlbumPhotoPreviewPath);
  const download = useSharedAlbumDownload(album.albumId);
  const [deleteAlbum, { isLoading: deleting }] = useDeleteSharedAlbumMutation();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const isOwner = album.ownerId === identity.sub;

  return (
    <Stack gap="lg" pb={photos.selecting ? 80 : undefined}>
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
      <AlbumToolbar
        photos={photos}
        sorting={sorting}
        onSortingChange={setSorting}
        onDelete={() => setDeleteOpen(true)}
      />

      <AlbumPhotosContent
        query={query}
        photos={photos}
        empty={
          <Center py="xl" data-testid="album-empty">
            <Title order={2} size="h3">
              {t('albums.sharedEmpty')}
            </Title>
          </Center>
        }
      />

      {photos.selecting && (
        <AlbumSelectionBar
          count={photos.selectedIds.length}
          shared
          canCopy={canCopy}
          showOrderPrints={canOrderPrints}
          onCancel={photos.stopSelecting}
          onDownload={() => void download(photos.selectedPhotos())}
          onCopy={() => {}}
          onRemove={() => {}}
        />
      )}
      {/* docs/product.md#roles-and-flags: the confirmation says what deleting does for the owner and for a participant. */}
      <DeleteAlbumDialog
        albumName={album.albumName}
        opened={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        title={
          isOwner ? t('albums.deleteSharedOwnerTitle') : t('albums.deleteSharedParticipantTitle')
        }
        text={
          isOwner
            ? t('albums.deleteSharedOwnerText', { albumName: album.albumName })
            : t('albums.deleteSharedParticipantText', {
                albumName: album.albumName,
                email: album.owner.email,
              })
        }
        busy={deleting}
        deleteAlbum={async () => !('error' in (await deleteAlbum(album.albumId)))}
      />
    </Stack>
  );
}
