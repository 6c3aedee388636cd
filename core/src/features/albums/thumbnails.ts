import type { Photo, Thumbnail } from '../../api/schemas/photo';
import type { ThumbnailSize } from '../../api/schemas/photo';

/**
 * The thumbnail of one of the docs/product.md#limits sizes; when a photo lacks that size, the nearest larger one,
 * else the largest it has. Null when the photo has no thumbnails at all.
 */
export function pickThumbnail(
  photo: Pick<Photo, 'thumbnails'>,
  size: ThumbnailSize,
): Thumbnail | null {
  const exact = photo.thumbnails.find((thumb) => thumb.id === String(size));
  if (exact) return exact;
  const sorted = [...photo.thumbnails].sort((a, b) => Number(a.id) - Number(b.id));
  return sorted.find((thumb) => Number(thumb.id) >= size) ?? sorted.at(-1) ?? null;
}
