import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Suspense, lazy, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import type { Album } from '../../../api/schemas/album';
import { PencilIcon, PlusIcon } from '../../../ui/icons';
import { carryStripped, useIsStripped } from '../../../ui/stripped-link';
import { useDeleteAlbumMutation, useGetAlbumQuery } from '../../albums/api';
import { useCreatedText } from '../../albums/use-created-label';
import { usePageTitle } from '../../brand/use-page-title';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import { sharedAlbumPath } from '../../photos/paths';
import { AlbumLoadFallback } from '../components/album-page-parts';
import { AlbumView } from '../components/album-view';
import { lazyAfterContent } from '../../../ui/lazy-after-content';
import { useOpenedOnce } from '../../../ui/dialog-stack';
import { shownResult } from '../../../api/shown-result';

// Only a click shows them, so neither is in the page's first download: the rename form (its
// field, validation and alert) is fetched once the album is on screen, the upload modal (the
// upload engine) when first opened, and stays mounted so closing keeps its transition.
const AlbumRenameForm = lazyAfterContent(() =>
  import('../components/album-rename-form').then((m) => ({ default: m.AlbumRenameForm })),
);
const UploadPhotosModal = lazy(() =>
  import('../../uploads/upload-photos-modal').then((m) => ({ default: m.UploadPhotosModal })),
);

/** /my-photos/albums/:id: one own album (docs/product.md#screens "Single album page"). */
export function AlbumPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const sharedView = useFeatureFlag('PhotoManagementSharedAlbumsViewEnabled');
  const stripped = useIsStripped();
  const album = useGetAlbumQuery(id, { selectFromResult: shownResult });
  // The answer comes in a transition (RTK Query's hooks, `api/transition-selector.ts`), but a
  // render of this page for another reason (a store update of the app's own, a click) reads it
  // from the store at once and would draw the whole page in one task on a phone. From a
  // deferred value React renders it in slices; the spinner stays until then.
  const shown = useDeferredValue(album.data);

  usePageTitle(album.data?.albumName ?? t('albums.myAlbums'));

  if (album.isError || !shown) return <AlbumLoadFallback album={album} />;
  // docs/product.md#screens: a shared album opens in the shared-album view when that view is on.
  if (shown.isShared && sharedView) {
    return <Navigate to={carryStripped(sharedAlbumPath(id), stripped)} replace />;
  }
  return <OwnAlbum album={shown} />;
}

function OwnAlbum({ album }: { album: Album }) {
  const { t } = useTranslation();
  const createdText = useCreatedText();
  const canUpload = useFeatureFlag('PhotoManagementUploadEnabled');
  const [deleteAlbum] = useDeleteAlbumMutation();
  const [uploadOpen, setUploadOpen] = useState(false);
  const uploadUsed = useOpenedOnce(uploadOpen);
  const addPhotos = canUpload ? (
    <Button leftSection={<PlusIcon size={16} />} onClick={() => setUploadOpen(true)}>
      {t('albums.addPhotos')}
    </Button>
  ) : null;

  return (
    <>
      <AlbumView
        kind="album"
        album={album}
        header={
          <>
            <AlbumTitle album={album} />
            <Text size="sm" c="dimmed" data-testid="album-info">
              {createdText(album.created)} · {t('albums.photoCount', { count: album.photosCount })}
            </Text>
          </>
        }
        actions={addPhotos}
        empty={
          <Stack align="center" py="xl" gap="sm" data-testid="album-empty">
            <Title order={2} size="h3">
              {t('albums.emptyAlbum')}
            </Title>
            <Text c="dimmed">{t('albums.emptyAlbumHint')}</Text>
            {addPhotos}
          </Stack>
        }
        deleteAlbum={{
          title: t('albums.deleteConfirmTitle'),
          text: t('albums.deleteConfirmText', { albumName: album.albumName }),
          undoable: true,
          run: async () => !('error' in (await deleteAlbum(album.albumId))),
        }}
      />
      {canUpload && uploadUsed && (
        <Suspense fallback={null}>
          <UploadPhotosModal
            opened={uploadOpen}
            albumId={album.albumId}
            onClose={() => setUploadOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** The album name, editable in place with the create form's rules (docs/product.md#validation). */
function AlbumTitle({ album }: { album: Album }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  // Leaving the field (saved, cancelled, Escape) puts focus back on the pencil that opened it.
  const pencil = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) pencil.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (!editing) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {album.albumName}
        </Title>
        <ActionIcon
          ref={pencil}
          variant="subtle"
          aria-label={t('albums.rename')}
          onClick={() => setEditing(true)}
        >
          <PencilIcon size={18} />
        </ActionIcon>
      </Group>
    );
  }
  // Fetched after the first paint, so normally in by the click; until then the title stays.
  return (
    <Suspense
      fallback={
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {album.albumName}
        </Title>
      }
    >
      <AlbumRenameForm album={album} onDone={() => setEditing(false)} />
    </Suspense>
  );
}
