import { shallowEqual } from 'react-redux';
import { memo, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../store/hooks';
import type { RootState } from '../../../store/store';
import { photosApi } from '../../photos/api';
import type { MonthPhotosArg } from '../../photos/api';
import { WindowList, useWindowList } from '../../photos/components/window-list';
import { selectLoadedTimelinePhotos, selectMonthLoaded } from '../../photos/loaded-photos';
import { sectionHeight, sectionTiles } from '../../photos/month-sections';
import type { MonthSection } from '../../photos/month-sections';
import { useListScrollRestore } from '../../photos/scroll-restore';
import { useGridMetrics } from '../../photos/use-grid-metrics';
import { useMonthLabels } from '../use-month-labels';
import { useLibraryListHandle } from '../library-list';
import type { LibraryListProps } from '../library-list';
import { useContentShown } from '../../../ui/first-content';
import { lazyAfterContent } from '../../../ui/lazy-after-content';
import scrubberClasses from './date-scrubber.module.css';
import { MonthSectionView } from './month-section';
import classes from './timeline.module.css';

/**
 * The date scrubber is used only once the photos are on screen: its code loads after the first
 * content (ui/first-content.ts), and until then an empty box of its size keeps the rail's room
 * (its styles come with the page), so nothing moves when it arrives.
 */
const DateScrubber = lazyAfterContent(() =>
  import('./date-scrubber').then((module) => ({ default: module.DateScrubber })),
);

/** How long a jump keeps its months subscribed (ms). */
const JUMP_HOLD_MS = 3000;

export interface TimelineProps extends LibraryListProps {
  sections: readonly MonthSection[];
}

/**
 * The timeline, virtualised by month section (the one window-list set-up): every section's
 * height is computed from the timeline count and the column count, so the page has its full
 * height before any photo loads. Only sections near the viewport are rendered; only sections
 * inside it load.
 */
export const Timeline = memo(function Timeline({
  sections,
  sort,
  onOpen,
  handleRef,
}: TimelineProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const containerRef = useRef<HTMLElement>(null);
  const { layout, thumbnailSize } = useGridMetrics(containerRef, sections.length > 0);
  const labelFor = useMonthLabels();
  const contentShown = useContentShown();

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

  const virtualizer = useWindowList(containerRef, {
    count: sections.length,
    estimateSize: (index) => sizes[index] ?? 0,
    sizesKey: sizes,
    getItemKey: (index) => sections[index]?.key ?? index,
    overscan: 1,
  });

  const range = virtualizer.calculateRange();
  const isActive = (index: number) =>
    range !== null && index >= range.startIndex && index <= range.endIndex;

  const loadedPhotos = useCallback(
    () => selectLoadedTimelinePhotos(store.getState(), args),
    [store, args],
  );
  const visibleSectionKeys = useCallback(() => {
    const current = virtualizer.calculateRange();
    if (!current) return [];
    return sections.slice(current.startIndex, current.endIndex + 1).map((s) => s.key);
  }, [sections, virtualizer]);
  const getOrderedIds = useLibraryListHandle(handleRef, loadedPhotos, visibleSectionKeys);

  // Back from the preview: the sections that were on screen load first.
  useListScrollRestore(sections.length > 0, (visibleKeys) => {
    const keys = new Set(visibleKeys);
    const requests = args
      .filter((_arg, i) => keys.has(sections[i]!.key))
      .map((arg) => dispatch(photosApi.endpoints.getMonthPhotos.initiate(arg)));
    return () => requests.forEach((request) => request.unsubscribe());
  });

  // A scrubber jump loads the months that will fill the screen at once, without the scroll
  // dwell (`useShouldLoad`): the user chose them. The sections take over once they render.
  const jumpRequests = useRef<{ unsubscribe(): void }[]>([]);
  const releaseJump = useCallback(() => {
    jumpRequests.current.forEach((request) => request.unsubscribe());
    jumpRequests.current = [];
  }, []);
  useEffect(() => releaseJump, [releaseJump]);
  const jumpTo = useCallback(
    (index: number) => {
      releaseJump();
      let height = 0;
      for (let i = index; i < args.length && height < window.innerHeight; i += 1) {
        jumpRequests.current.push(dispatch(photosApi.endpoints.getMonthPhotos.initiate(args[i]!)));
        height += sizes[i] ?? 0;
      }
      // The month's start in the document; the browser stops at the page's end by itself.
      const start = virtualizer.measurementsCache[index]?.start;
      if (start !== undefined) window.scrollTo({ top: start });
      const requests = jumpRequests.current;
      // Held long enough for the sections to subscribe themselves, then the cache rules apply.
      window.setTimeout(() => {
        if (jumpRequests.current === requests) releaseJump();
      }, JUMP_HOLD_MS);
    },
    [args, dispatch, releaseJump, sizes, virtualizer],
  );

  const scrubberRoom = (
    <div className={scrubberClasses.aside} data-testid="date-scrubber-room" aria-hidden="true" />
  );

  return (
    <div className={classes.withScrubber}>
      <div className={classes.listColumn}>
        <WindowList
          containerRef={containerRef}
          virtualizer={virtualizer}
          label={t('photos.timeline.listLabel')}
          renderItem={(item) => {
            const section = sections[item.index]!;
            return (
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
            );
          }}
        />
      </div>
      {contentShown ? (
        <Suspense fallback={scrubberRoom}>
          <DateScrubber
            months={sections}
            sizes={sizes}
            listTop={virtualizer.options.scrollMargin}
            currentIndex={range?.startIndex ?? 0}
            labelFor={labelFor}
            onJump={jumpTo}
          />
        </Suspense>
      ) : (
        scrubberRoom
      )}
    </div>
  );
});
