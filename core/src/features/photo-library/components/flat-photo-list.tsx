import { Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortingOptions } from '../../../api/schemas/paging';
import type { Photo } from '../../../api/schemas/photo';
import { useAppStore } from '../../../store/hooks';
import { useGetPhotosInfiniteQuery } from '../api';
import { selectLoadedFlatPhotos } from '../loaded-photos';
import { useDocumentOffsetTop, useGridMetrics } from '../use-grid-layout';
import { PhotoGrid } from './photo-grid';
import type { TimelineHandle } from './timeline';

export interface FlatPhotoListProps {
  sort: SortingOptions;
  /** Photos in the library (GET /users), so the list has its full height before pages load. */
  total: number;
  onOpen: (photo: Photo) => void;
  handleRef: { current: TimelineHandle | null };
}

/**
 * All photos as one infinite-scroll grid (docs/product.md#screens "Photos are also shown as infinite-scroll
 * pages"), used for the upload-date sort, where months of the date taken do not apply. Rows are
 * virtualised against the window; the next page of 500 loads when the rendered rows near the end
 * of what is loaded.
 */
export function FlatPhotoList({ sort, total, onOpen, handleRef }: FlatPhotoListProps) {
  const { t } = useTranslation();
  const store = useAppStore();
  const containerRef = useRef<HTMLDivElement>(null);
  const { layout, thumbnailSize } = useGridMetrics(containerRef);
  const { data, isError, hasNextPage, isFetching, fetchNextPage } = useGetPhotosInfiniteQuery(sort);
  const photos = useMemo(() => data?.pages.flatMap((page) => page.images) ?? [], [data]);
  const count = hasNextPage || !data ? Math.max(total, photos.length) : photos.length;
  const rows = Math.ceil(count / layout.columns);

  const scrollMargin = useDocumentOffsetTop(containerRef);
  const rowHeight = layout.tileSize + layout.gap;
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin,
  });
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastRow = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetching && (lastRow + 2) * layout.columns >= photos.length)
      void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetching, lastRow, layout.columns, photos.length]);

  const getOrderedIds = useCallback(
    () => selectLoadedFlatPhotos(store.getState(), sort).map((photo) => photo.imageId),
    [store, sort],
  );
  useEffect(() => {
    handleRef.current = {
      loadedPhotos: () => selectLoadedFlatPhotos(store.getState(), sort),
      visibleSectionKeys: () => [],
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, store, sort]);

  if (isError && !data) {
    return (
      <Text c="red" role="alert">
        {t('photos.loadError')}
      </Text>
    );
  }
  return (
    <div
      ref={containerRef}
      role="feed"
      aria-label={t('photos.timeline.allPhotosLabel')}
      style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const start = item.index * layout.columns;
        const rowPhotos = photos.slice(start, start + layout.columns);
        const missing = Math.min(layout.columns, count - start) - rowPhotos.length;
        return (
          <div
            key={item.key}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: layout.tileSize,
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            <PhotoGrid
              photos={rowPhotos}
              layout={layout}
              thumbnailSize={thumbnailSize}
              placeholders={Math.max(0, missing)}
              onOpen={onOpen}
              getOrderedIds={getOrderedIds}
            />
          </div>
        );
      })}
    </div>
  );
}
