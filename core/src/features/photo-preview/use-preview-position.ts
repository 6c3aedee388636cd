import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Photo } from '../../api/schemas/photo';
import type { PagedPhotos } from '../photos/paged-photos';
import { PREVIEW_THUMBNAIL_SIZE, pickThumbnail } from '../photos/thumbnails';
import { neighbourIds, photoAfterDelete, previewPosition } from './preview-navigation';

/**
 * Where the shown photo sits in the list the preview pages through (docs/product.md#screens
 * Photo preview): its neighbours, the next page loaded when the last loaded photo is reached or
 * the id is further down, the neighbours' 1300 px images preloaded. `missing` means the id is not
 * in the list and no page can bring it: the caller returns to the list.
 */
export function usePreviewPosition(list: PagedPhotos<Photo>, photoId: string) {
  /**
   * The photo shown after a delete. The list can refetch (without the deleted photo) before the
   * navigation to it lands; until then a missing id is expected, not a reason to leave.
   */
  const [afterDeleteId, setAfterDeleteId] = useState<string | null>(null);
  const ids = useMemo(() => list.photos.map((photo) => photo.imageId), [list.photos]);
  const position = previewPosition(ids, photoId, list.hasMore);
  const photo = position ? list.photos[position.index]! : null;
  const awaitingNavigation = afterDeleteId !== null && afterDeleteId !== photoId;
  const missing = !list.isLoading && !list.isError && position === null && !awaitingNavigation;

  useEffect(() => {
    if (afterDeleteId !== null && afterDeleteId === photoId) setAfterDeleteId(null);
  }, [afterDeleteId, photoId]);

  const { hasMore, isFetchingMore, loadMore } = list;
  const loadMoreNow = missing || position?.loadMore === true;
  useEffect(() => {
    if (loadMoreNow && hasMore && !isFetchingMore) loadMore();
  }, [loadMoreNow, hasMore, isFetchingMore, loadMore]);

  const index = position?.index ?? null;
  useEffect(() => {
    if (index === null) return;
    for (const id of neighbourIds(ids, index, 2)) {
      const neighbour = list.photos.find((candidate) => candidate.imageId === id);
      const thumb = neighbour ? pickThumbnail(neighbour, PREVIEW_THUMBNAIL_SIZE) : null;
      if (thumb) new Image().src = thumb.url;
    }
  }, [ids, index, list.photos]);

  /** The photo to show once `removedId` left the list (null: none left), remembered as expected. */
  const photoAfterRemoval = useCallback(
    (removedId: string) => {
      const target = photoAfterDelete(ids, removedId);
      if (target) setAfterDeleteId(target);
      return target;
    },
    [ids],
  );

  return {
    photo,
    previousId: position?.previousId ?? null,
    nextId: position?.nextId ?? null,
    missing,
    photoAfterRemoval,
  };
}
