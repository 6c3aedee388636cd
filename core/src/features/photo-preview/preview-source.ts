import type { SortKey } from '../../api/schemas/paging';
import type { Photo } from '../../api/schemas/photo';
import type { PagedPhotos } from '../photos/paged-photos';

/**
 * What a preview route pages through: the library, an album or a shared album. A file of its
 * own because the preview and its toolbar both read it (the toolbar must not import the preview).
 */
export interface PreviewSource {
  kind: 'photos' | 'album' | 'shared';
  list: PagedPhotos<Photo>;
  sortKey: SortKey;
  /** The list the preview closes to. */
  listPath: string;
  previewPath: (photoId: string) => string;
  /** The album of an album or shared-album preview (its name for the album's texts). */
  album?: { albumId: string; albumName?: string };
}
