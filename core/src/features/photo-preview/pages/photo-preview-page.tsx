import { useParams } from 'react-router-dom';
import { useGetAlbumQuery } from '../../albums/api';
import { useAlbumPhotoList } from '../../albums/use-album-photo-list';
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
import { useSortingOptions } from '../../photos/sorting/use-sorting-options';
import { PhotoPreview } from '../components/photo-preview';

/** /my-photos/photos/preview/:id (flag PhotoManagementTimelineViewEnabled): the library by upload order or date. */
export function PhotoPreviewPage() {
  const { id = '' } = useParams();
  const [sorting] = useSortingOptions('photos');
  const list = usePagedPhotos(useGetPhotosInfiniteQuery(sorting));
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
  const { id = '', photoId = '' } = useParams();
  const album = useGetAlbumQuery(id);
  const { list, sorting } = useAlbumPhotoList('album', id);
  return (
    <PhotoPreview
      source={{
        kind: 'album',
        list,
        sortKey: sorting.sortKey,
        listPath: albumPath(id),
        previewPath: (photo) => albumPhotoPreviewPath(id, photo),
        album: { albumId: id, albumName: album.data?.albumName ?? '' },
      }}
      photoId={photoId}
    />
  );
}

/** /my-photos/shared-albums/:id/preview/:photoId (flag PhotoManagementSharedAlbumsViewEnabled). */
export function SharedAlbumPhotoPreviewPage() {
  const { id = '', photoId = '' } = useParams();
  const { list, sorting } = useAlbumPhotoList('shared', id);
  return (
    <PhotoPreview
      source={{
        kind: 'shared',
        list,
        sortKey: sorting.sortKey,
        listPath: sharedAlbumPath(id),
        previewPath: (photo) => sharedAlbumPhotoPreviewPath(id, photo),
        album: { albumId: id },
      }}
      photoId={photoId}
    />
  );
}
