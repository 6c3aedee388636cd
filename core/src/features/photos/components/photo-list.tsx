import { useEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import type { Photo } from '../../../api/schemas/photo';
import { useRevealedCount } from '../../../ui/use-revealed-count';
import { useListScrollRestore } from '../scroll-restore';
import { useGridMetrics } from '../use-grid-metrics';
import { EAGER_ROWS, PhotoGrid } from './photo-grid';
import { WindowList, useWindowList } from './window-list';

/** Rows rendered beyond the viewport on each side. */
const OVERSCAN_ROWS = 3;

export interface PhotoListProps {
  /** The loaded photos, in display order. */
  photos: readonly Photo[];
  /** Photos in the whole list (from a count the page already has), so it has its full height at once. */
  total: number;
  /** The first page has arrived (until then the list is all placeholders). */
  loaded: boolean;
  /** More pages exist; the next one loads when the rendered rows near the end of what is loaded. */
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => void;
  /** Accessible name of the list. */
  label: string;
  onOpen: (photo: Photo) => void;
  /** Ids in display order for shift-click ranges. @default the loaded photos' ids */
  getOrderedIds?: () => string[];
  /** Each tile's badge (Recently deleted's days left). */
  badge?: (photo: Photo) => ReactNode;
  /** The photos have a preview; without one a tile picks its photo. @default true */
  opens?: boolean;
}

/**
 * A flat, infinite-scroll photo list (docs/product.md#screens: photos shown as infinite-scroll
 * pages): the library by upload date, an album, a shared album, Recently deleted. Rows of the one photo grid,
 * virtualised against the window; placeholders stand where pages have not loaded yet.
 */
export function PhotoList({
  photos,
  total,
  loaded,
  hasNextPage,
  isFetching,
  fetchNextPage,
  label,
  onOpen,
  getOrderedIds,
  badge,
  opens = true,
}: PhotoListProps) {
  const containerRef = useRef<HTMLElement>(null);
  const count = hasNextPage || !loaded ? Math.max(total, photos.length) : photos.length;
  const { layout, thumbnailSize } = useGridMetrics(containerRef, count > 0);
  const rows = Math.ceil(count / layout.columns);
  const rowHeight = layout.tileSize + layout.gap;
  const virtualizer = useWindowList(containerRef, {
    count: rows,
    estimateSize: () => rowHeight,
    sizesKey: rowHeight,
    overscan: OVERSCAN_ROWS,
  });

  const lastRow = virtualizer.getVirtualItems().at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetching && (lastRow + 2) * layout.columns >= photos.length)
      fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetching, lastRow, layout.columns, photos.length]);

  useListScrollRestore(loaded);

  const loadedIds = useMemo(() => () => photos.map((photo) => photo.imageId), [photos]);
  // The first rows at once, the rest in a deferred render (each row is a grid of its own).
  const revealed = useRevealedCount(photos.length, EAGER_ROWS * layout.columns);
  return (
    <WindowList
      containerRef={containerRef}
      virtualizer={virtualizer}
      label={label}
      renderItem={(item) => {
        const start = item.index * layout.columns;
        const rowPhotos = photos.slice(start, Math.min(start + layout.columns, revealed));
        const missing = Math.min(layout.columns, count - start) - rowPhotos.length;
        return (
          <PhotoGrid
            photos={rowPhotos}
            layout={layout}
            thumbnailSize={thumbnailSize}
            placeholders={Math.max(0, missing)}
            onOpen={onOpen}
            getOrderedIds={getOrderedIds ?? loadedIds}
            badge={badge}
            opens={opens}
          />
        );
      }}
    />
  );
}
