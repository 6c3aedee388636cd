import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { shallowEqual } from 'react-redux';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortingOptions } from '../../../api/schemas/paging';
import type { Photo } from '../../../api/schemas/photo';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../store/hooks';
import type { RootState } from '../../../store/store';
import { usePlatform } from '../../../platform/platform-context';
import { photoLibraryApi } from '../api';
import type { MonthPhotosArg } from '../api';
import { selectLoadedTimelinePhotos, selectMonthLoaded } from '../loaded-photos';
import { sectionHeight, sectionTiles } from '../month-sections';
import type { MonthSection } from '../month-sections';
import {
  clearScrollPosition,
  readScrollPosition,
  readVisibleTimelineSections,
} from '../persisted-state';
import { useDocumentOffsetTop, useGridMetrics } from '../use-grid-layout';
import { useMonthLabels } from '../use-month-labels';
import { MonthSectionView } from './month-section';

export interface TimelineHandle {
  /** Loaded photos in display order. */
  loadedPhotos: () => Photo[];
  /** Keys of the month sections on screen now. */
  visibleSectionKeys: () => string[];
}

export interface TimelineProps {
  sections: readonly MonthSection[];
  sort: SortingOptions;
  onOpen: (photo: Photo) => void;
  /** Receives the handle the page uses for select-all and saving the visible sections. */
  handleRef: { current: TimelineHandle | null };
}

/**
 * The timeline, virtualised by month section against the window scroll (useWindowVirtualizer):
 * with the window as the scroller, restoring a saved position after the preview is a plain
 * `window.scrollTo`, and every section's height is computed from the timeline count and the
 * column count, so the page has its full height before any photo loads. Only sections near the
 * viewport are rendered; only sections inside it load.
 */
export function Timeline({ sections, sort, onOpen, handleRef }: TimelineProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const platform = usePlatform();
  const containerRef = useRef<HTMLDivElement>(null);
  const { layout, thumbnailSize } = useGridMetrics(containerRef);
  const labelFor = useMonthLabels();

  const args = useMemo<MonthPhotosArg[]>(
    () =>
      sections.map((s) => ({
        year: s.year,
        month: s.month,
        sortKey: sort.sortKey,
        sortOrder: sort.sortOrder,
      })),
    [sections, sort.sortKey, sort.sortOrder],
  );
  // Selectors are memoised (here and in the sections and tiles): a new selector per render
  // leaves React's previous fiber holding the store state of that render, and with it month
  // pages the cache has already dropped (the heap at 100,000 photos stayed high).
  const selectSizes = useCallback(
    (state: RootState) =>
      args.map((arg, i) =>
        sectionHeight(sectionTiles(sections[i]!.count, selectMonthLoaded(state, arg)), layout),
      ),
    [args, sections, layout],
  );
  const sizes = useAppSelector(selectSizes, shallowEqual);

  const scrollMargin = useDocumentOffsetTop(containerRef);

  const virtualizer = useWindowVirtualizer({
    count: sections.length,
    estimateSize: (index) => sizes[index] ?? 0,
    getItemKey: (index) => sections[index]?.key ?? index,
    overscan: 1,
    scrollMargin,
  });
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [sizes, virtualizer]);

  const range = virtualizer.calculateRange();
  const isActive = (index: number) =>
    range !== null && index >= range.startIndex && index <= range.endIndex;

  const getOrderedIds = useCallback(
    () => selectLoadedTimelinePhotos(store.getState(), args).map((photo) => photo.imageId),
    [store, args],
  );
  useEffect(() => {
    handleRef.current = {
      loadedPhotos: () => selectLoadedTimelinePhotos(store.getState(), args),
      visibleSectionKeys: () => {
        const current = virtualizer.calculateRange();
        if (!current) return [];
        return sections.slice(current.startIndex, current.endIndex + 1).map((s) => s.key);
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, store, args, sections, virtualizer]);

  // Back from the preview: load the sections that were on screen and return to the saved position.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || sections.length === 0) return undefined;
    restored.current = true;
    const position = readScrollPosition(platform.storage);
    if (!position) return undefined;
    clearScrollPosition(platform.storage);
    const keys = new Set(readVisibleTimelineSections(platform.storage));
    const requests = args
      .filter((arg, i) => keys.has(sections[i]!.key))
      .map((arg) => dispatch(photoLibraryApi.endpoints.getMonthPhotos.initiate(arg)));
    window.scrollTo({ left: position.x, top: position.y, behavior: 'smooth' });
    return () => requests.forEach((request) => request.unsubscribe());
  }, [args, dispatch, platform.storage, sections]);

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={containerRef}
      role="feed"
      aria-label={t('photos.timeline.listLabel')}
      aria-busy={false}
      style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const section = sections[item.index]!;
        return (
          <div
            key={item.key}
            data-index={item.index}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: item.size,
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            <MonthSectionView
              section={section}
              sort={sort}
              label={labelFor(section.year, section.month)}
              active={isActive(item.index)}
              scrolling={virtualizer.isScrolling}
              layout={layout}
              thumbnailSize={thumbnailSize}
              onOpen={onOpen}
              getOrderedIds={getOrderedIds}
            />
          </div>
        );
      })}
    </div>
  );
}
