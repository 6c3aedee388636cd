import type { Photo, Thumbnail, ThumbnailSize } from '../../api/schemas/photo';
import type { Breakpoint } from './grid-layout';

/** docs/product.md#limits: the preview shows the 1300 px thumbnail. */
export const PREVIEW_THUMBNAIL_SIZE = 1300;

/**
 * The one thumbnail-size rule of the grids (docs/product.md#limits): 300 on small and medium
 * screens, 800 on large. Extra large is not in the product rules: there the 300 thumbnail is used
 * while it covers the tile's device pixels (6 columns of ~160–270 CSS px at device pixel ratio 1),
 * else 800, so a retina screen stays sharp and an ordinary one does not download and decode 7
 * times the pixels it shows.
 */
export function thumbnailSizeFor(
  breakpoint: Breakpoint,
  tileSize = Infinity,
  devicePixelRatio = 1,
): 300 | 800 {
  if (breakpoint === 'small' || breakpoint === 'medium') return 300;
  if (breakpoint === 'large') return 800;
  return tileSize * devicePixelRatio <= 300 ? 300 : 800;
}

/**
 * The thumbnail of one of the sizes; when a photo lacks that size, the nearest larger one, else
 * the largest it has. Null when the photo has no thumbnails at all.
 */
export function pickThumbnail(
  photo: Pick<Photo, 'thumbnails'>,
  size: ThumbnailSize,
): Thumbnail | null {
  const sorted = [...photo.thumbnails].sort((a, b) => Number(a.id) - Number(b.id));
  return sorted.find((thumb) => Number(thumb.id) >= size) ?? sorted.at(-1) ?? null;
}
