import type { Photo } from '../../api/schemas/photo';
import { usePagedPhotos } from '../photos/paged-photos';
import type { PagedPhotos } from '../photos/paged-photos';
import { useSortingOptions } from '../photos/sorting/use-sorting-options';
import { useGetAlbumPhotosInfiniteQuery, useGetSharedAlbumPhotosInfiniteQuery } from './api';

/** An own album or a shared album (read-only, docs/product.md#roles-and-flags). */
export type AlbumKind = 'album' | 'shared';

/**
 * An album's photos in the user's sort for that kind of album (docs/product.md#data: album and
 * shared-album photos each keep their own sort), pages of 500.
 */
export function useAlbumPhotoList(kind: AlbumKind, albumId: string) {
  const [sorting, setSorting] = useSortingOptions(
    kind === 'album' ? 'albumPhotos' : 'sharedAlbumPhotos',
  );
  const arg = { albumId, ...sorting };
  const own = usePagedPhotos(useGetAlbumPhotosInfiniteQuery(arg, { skip: kind !== 'album' }));
  const shared = usePagedPhotos(
    useGetSharedAlbumPhotosInfiniteQuery(arg, { skip: kind !== 'shared' }),
  );
  const list: PagedPhotos<Photo> = kind === 'album' ? own : shared;
  return { list, sorting, setSorting };
}
