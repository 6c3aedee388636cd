import { Button, Center, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Album } from '../../../api/schemas/album';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import { useGetPhotoUserQuery } from '../../photos/api';
import { PhotoLibraryTabs } from '../components/photo-library-tabs';
import { usePageTitle } from '../../brand/use-page-title';
import { useGetAlbumsInfiniteQuery, useGetSharedAlbumsInfiniteQuery } from '../../albums/api';
import { AlbumTile, AlbumTileGrid, NewAlbumTile } from '../../albums/components/album-tile';
import { CreateAlbumModal } from '../../albums/components/create-album-modal';
import { albumPath, sharedAlbumPath } from '../../photos/paths';
import { LoadingSpinner } from '../../../ui/loading-screen';
import { ErrorNotice } from '../../../ui/error-notice';

/** /my-photos/albums: the albums list (docs/product.md#screens "Albums list"). */
export function AlbumsPage() {
  const { t } = useTranslation();
  usePageTitle(t('albums.title'));
  const sharedView = useFeatureFlag('PhotoManagementSharedAlbumsViewEnabled');
  const [creating, setCreating] = useState(false);
  const albums = useGetAlbumsInfiniteQuery();
  const user = useGetPhotoUserQuery();
  const readableShared = user.data?.sharedAlbums.readAlbumsCount ?? 0;
  const showShared = sharedView && readableShared !== 0;
  const shared = useGetSharedAlbumsInfiniteQuery(undefined, { skip: !showShared });

  const ownAlbums = useMemo(
    () => (albums.data?.pages ?? []).flatMap((page) => page.albums),
    [albums.data],
  );
  // "Shared with you": albums other people share with this user (theirs are in the own list).
  const sharedAlbums = useMemo(
    () =>
      (shared.data?.pages ?? [])
        .flatMap((page) => page.albums)
        .filter((album) => album.ownerId !== user.data?.userId),
    [shared.data, user.data?.userId],
  );

  const target = (album: Album) =>
    album.isShared && sharedView ? sharedAlbumPath(album.albumId) : albumPath(album.albumId);

  return (
    <Stack gap="lg">
      <PhotoLibraryTabs />
      <Title order={1} size="h2">
        {t('albums.myAlbums')}
      </Title>
      {albums.isError ? (
        // The text says what to do already.
        <ErrorNotice
          title={t('albums.loadError')}
          hint={null}
          error={albums.error}
          onRetry={() => void albums.refetch()}
          retrying={albums.isFetching}
        />
      ) : albums.isLoading ? (
        <Center py="xl">
          <LoadingSpinner />
        </Center>
      ) : (
        <Stack gap="md">
          <AlbumTileGrid data-testid="albums-grid">
            <NewAlbumTile onClick={() => setCreating(true)} />
            {ownAlbums.map((album) => (
              <AlbumTile key={album.albumId} album={album} to={target(album)} />
            ))}
          </AlbumTileGrid>
          {albums.hasNextPage && (
            <Center>
              <Button
                variant="default"
                loading={albums.isFetchingNextPage}
                onClick={() => void albums.fetchNextPage()}
              >
                {t('albums.loadMore')}
              </Button>
            </Center>
          )}
        </Stack>
      )}
      {showShared && (
        <Stack gap="md" component="section" aria-labelledby="shared-with-you">
          <Title order={3} id="shared-with-you" size="h4">
            {t('albums.sharedWithYou')}
          </Title>
          {shared.isError ? (
            <ErrorNotice
              title={t('albums.sharedLoadError')}
              hint={null}
              error={shared.error}
              onRetry={() => void shared.refetch()}
              retrying={shared.isFetching}
            />
          ) : shared.isLoading ? (
            <Center py="md">
              <LoadingSpinner size="sm" />
            </Center>
          ) : (
            <>
              <AlbumTileGrid data-testid="shared-albums-grid">
                {sharedAlbums.map((album) => (
                  <AlbumTile
                    key={album.albumId}
                    album={album}
                    to={sharedAlbumPath(album.albumId)}
                  />
                ))}
              </AlbumTileGrid>
              {shared.hasNextPage && (
                <Center>
                  <Button
                    variant="default"
                    loading={shared.isFetchingNextPage}
                    onClick={() => void shared.fetchNextPage()}
                  >
                    {t('albums.loadMore')}
                  </Button>
                </Center>
              )}
            </>
          )}
        </Stack>
      )}
      <CreateAlbumModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
