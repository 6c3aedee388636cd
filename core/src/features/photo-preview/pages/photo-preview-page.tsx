import { useLocation, useParams } from 'react-router-dom';
import { useGetAlbumQuery } from '../../albums/api';
import { useAlbumPhotoList } from '../../albums/use-album-photo-list';
import type { AlbumKind } from '../../albums/use-album-photo-list';
import { useGetPhotosInfiniteQuery } from '../../photos/api';
import { usePagedPhotos } from '../../photos/paged-photos';
import {
  PHOTOS_PATH,
  albumPath,
  albumPhotoPreviewPath,
  photoPreviewPath,
  sharedAlbumPath,
  sharedAlbumPhotoPreviewPath,
} from '../../photos/paths';
import { previewEntryMonth } from '../../photos/scroll-restore';
import { useSortingOptions } from '../../photos/sorting/use-sorting-options';
import { PhotoPreview } from '../components/photo-preview';
import { useMonthPagedPhotos } from '../use-month-paged-photos';

/**
 * /my-photos/photos/preview/:id (flag PhotoManagementTimelineViewEnabled): the library by upload
 * order or date. Opened from a month of the timeline, it reads the library from that month on
 * (`useMonthPagedPhotos`); otherwise through the flat list from its start.
 */
export function PhotoPreviewPage() {
  const { id = '' } = useParams();
  const [sorting] = useSortingOptions('photos');
  const { state } = useLocation();
  const month = sorting.sortKey === 'dateTaken' ? previewEntryMonth(state) : null;
  const byMonth = useMonthPagedPhotos(sorting, month, id);
  const flat = usePagedPhotos(useGetPhotosInfiniteQuery(sorting, { skip: month !== null }));
  const list = month !== null ? byMonth : flat;
  return (
    <PhotoPreview
      source={{
        kind: 'photos',
        list,
        sortKey: sorting.sortKey,
        listPath: PHOTOS_PATH,
        previewPath: photoPreviewPath,
      }}
      photoId={id}
    />
  );
}

/** /my-photos/albums/:id/preview/:photoId (flag PhotoManagementAlbumViewEnabled). */
export function AlbumPhotoPreviewPage() {
  const { id = '' } = useParams();
  const album = useGetAlbumQuery(id);
  return <AlbumPreview kind="album" albumId={id} albumName={album.data?.albumName ?? ''} />;
}

/** /my-photos/shared-albums/:id/preview/:photoId (flag PhotoManagementSharedAlbumsViewEnabled). */
export function SharedAlbumPhotoPreviewPage() {
  const { id = '' } = useParams();
  return <AlbumPreview kind="shared" albumId={id} />;
}

/** An album's or shared album's photos in that album's sort, closing back to the album. */
function AlbumPreview({
  kind,
  albumId,
  albumName,
}: {
  kind: AlbumKind;
  albumId: string;
  albumName?: string;
}) {
  const { photoId = '' } = useParams();
  const { list, sorting } = useAlbumPhotoList(kind, albumId);
  const [listPath, previewPath] =
    kind === 'album'
      ? [albumPath, albumPhotoPreviewPath]
      : [sharedAlbumPath, sharedAlbumPhotoPreviewPath];
  return (
    <PhotoPreview
      source={{
        kind,
        list,
        sortKey: sorting.sortKey,
        listPath: listPath(albumId),
        previewPath: (photo) => previewPath(albumId, photo),
        album: { albumId, albumName },
      }}
      photoId={photoId}
    />
  );
}
