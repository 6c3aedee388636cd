import { Alert, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { SharedAlbum } from '../../../api/schemas/shared-album';
import { UsersIcon } from '../../../ui/icons';
import { useDeleteSharedAlbumMutation, useGetSharedAlbumQuery } from '../../albums/api';
import { useCreatedText } from '../../albums/use-created-label';
import { useIdentity } from '../../auth/use-identity';
import { usePageTitle } from '../../brand/use-page-title';
import { AlbumLoadFallback } from '../components/album-page-parts';
import { AlbumView } from '../components/album-view';
import { shownResult } from '../../../api/shown-result';

/** /my-photos/shared-albums/:id: a shared album, read-only but downloadable (docs/product.md#screens, docs/product.md#roles-and-flags). */
export function SharedAlbumPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const album = useGetSharedAlbumQuery(id, { selectFromResult: shownResult });
  usePageTitle(album.data?.albumName ?? t('albums.sharedWithYou'));

  if (album.isError || !album.data) return <AlbumLoadFallback album={album} />;
  return <Shared album={album.data} />;
}

function Shared({ album }: { album: SharedAlbum }) {
  const { t } = useTranslation();
  const identity = useIdentity();
  const createdText = useCreatedText();
  const [deleteAlbum] = useDeleteSharedAlbumMutation();
  const isOwner = album.ownerId === identity.sub;

  return (
    <AlbumView
      kind="shared"
      album={album}
      header={
        <>
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
        </>
      }
      empty={
        <Center py="xl" data-testid="album-empty">
          <Title order={2} size="h3">
            {t('albums.sharedEmpty')}
          </Title>
        </Center>
      }
      // docs/product.md#roles-and-flags: the confirmation says what deleting does for the owner and for a participant.
      deleteAlbum={{
        title: isOwner
          ? t('albums.deleteSharedOwnerTitle')
          : t('albums.deleteSharedParticipantTitle'),
        text: isOwner
          ? t('albums.deleteSharedOwnerText', { albumName: album.albumName })
          : t('albums.deleteSharedParticipantText', {
              albumName: album.albumName,
              email: album.owner.email,
            }),
        run: async () => !('error' in (await deleteAlbum(album.albumId))),
      }}
    />
  );
}
