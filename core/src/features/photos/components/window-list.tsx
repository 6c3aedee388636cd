import { observeWindowOffset, useWindowVirtualizer, windowScroll } from '@tanstack/react-virtual';
import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Key, ReactNode, RefObject } from 'react';
import { UNSCALED, listScale, realListHeight, toRealOffset, toVirtualOffset } from '../list-scale';
import type { ListScale } from '../list-scale';
import { useDocumentOffsetTop } from '../use-grid-metrics';
import { subscribeViewportSize, viewportSize } from '../viewport-size';

export interface WindowListOptions {
  /** Items: month sections of the timeline, rows of photos of a flat list. */
  count: number;
  /** Each item's height, known before its photos load. */
  estimateSize: (index: number) => number;
  /** Changes whenever an item's height may have changed: the list is measured again. */
  sizesKey: unknown;
  getItemKey?: (index: number) => Key;
  /** Items rendered beyond the viewport on each side. */
  overscan: number;
}

export type WindowVirtualizer = Virtualizer<Window, Element> & {
  /** How the window's scroll maps onto the list (`photos/list-scale.ts`), current as of render. */
  listScale: ListScale;
};

/**
 * The one virtualizer set-up of every photo list: virtualised against the window scroll
 * (useWindowVirtualizer), so restoring a saved position is a plain `window.scrollTo` and the
 * browser's own scrollbar, keys and touch scrolling work unchanged. Heights come from the
 * caller (computed from counts and the grid layout), so the page has its full height before any
 * photo loads; `scrollMargin` follows whatever sits above the list (banner, header).
 */
export function useWindowList(
  containerRef: RefObject<HTMLElement | null>,
  { count, estimateSize, sizesKey, getItemKey, overscan }: WindowListOptions,
): WindowVirtualizer {
  const scrollMargin = useDocumentOffsetTop(containerRef, count > 0);
  // Read by the virtualizer's scroll callbacks, which outlive a render.
  const scale = useRef<ListScale>(UNSCALED);
  const mountScrollSkipped = useRef(false);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize,
    getItemKey,
    overscan,
    scrollMargin,
    // The virtualizer works in the list's full height; the window scrolls a box capped under the
    // browser's element-height limit (identity below it).
    initialOffset: () =>
      typeof document === 'undefined' ? 0 : toVirtualOffset(window.scrollY, scale.current),
    // The window's size as of its last resize (`viewport-size.ts`), not read again on mount:
    // the virtualizer's own reading laid out the freshly committed page inside the commit.
    initialRect: typeof window === 'undefined' ? undefined : viewportSize(),
    observeElementRect: (_instance, callback) =>
      subscribeViewportSize(() => callback(viewportSize())),
    observeElementOffset: (instance, callback) =>
      observeWindowOffset(instance, (offset, isScrolling) =>
        callback(toVirtualOffset(offset, scale.current), isScrolling),
      ),
    scrollToFn: (offset, options, instance) => {
      // The virtualizer's first scroll, on mount, goes to `initialOffset`: where the window
      // already is. Skipped, since even a scroll to the same place forces the layout of the
      // whole freshly committed page inside the commit (and would undo a scroll made while a
      // transition rendered the list).
      if (!mountScrollSkipped.current) {
        mountScrollSkipped.current = true;
        return;
      }
      windowScroll(toRealOffset(offset, scale.current), options, instance);
    },
  });
  // The page under a scaled list (its footer), so the list's end meets it at the page's end.
  const [below, setBelow] = useState(0);
  const virtualHeight = virtualizer.getTotalSize();
  scale.current = listScale(
    virtualHeight,
    typeof window === 'undefined' ? 0 : viewportSize().height,
    scrollMargin,
    below,
  );
  const scaled = scale.current.factor !== 1;
  useLayoutEffect(() => {
    if (!scaled) return undefined;
    const measure = () => {
      const element = containerRef.current;
      if (!element) return;
      const bottom = element.getBoundingClientRect().bottom + window.scrollY;
      setBelow(Math.max(0, Math.round(document.documentElement.scrollHeight - bottom)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [scaled, containerRef, virtualHeight]);
  // Heights changed: measured again. Not on mount, where nothing is measured yet and the
  // virtualizer's notice would render the list again synchronously inside the commit.
  const sizesMeasured = useRef(sizesKey);
  useLayoutEffect(() => {
    if (sizesMeasured.current === sizesKey) return;
    sizesMeasured.current = sizesKey;
    virtualizer.measure();
  }, [sizesKey, virtualizer]);
  return Object.assign(virtualizer, { listScale: scale.current });
}

export interface WindowListProps {
  containerRef: RefObject<HTMLElement | null>;
  virtualizer: WindowVirtualizer;
  /** Accessible name of the list. */
  label: string;
  renderItem: (item: VirtualItem) => ReactNode;
}

/** The list's box at its full height, with only the items near the viewport rendered in it. */
export function WindowList({ containerRef, virtualizer, label, renderItem }: WindowListProps) {
  const scrollMargin = virtualizer.options.scrollMargin;
  const scaled = virtualizer.listScale.factor !== 1;
  const items = virtualizer.getVirtualItems().map((item) => (
    <div
      key={item.key}
      data-index={item.index}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height: item.size,
        transform: `translateY(${scaled ? item.start - (virtualizer.scrollOffset ?? 0) : item.start - scrollMargin}px)`,
      }}
    >
      {renderItem(item)}
    </div>
  ));
  return (
    // A named region, not a feed: a feed may hold only articles (axe: aria-required-children),
    // and a list's rows or month sections are not articles.
    <section
      ref={containerRef}
      aria-label={label}
      style={{
        position: 'relative',
        width: '100%',
        height: realListHeight(virtualizer.getTotalSize()),
      }}
    >
      {scaled ? <ScaledItems virtualizer={virtualizer}>{items}</ScaledItems> : items}
    </section>
  );
}

/**
 * A scaled list's items, placed around the screen: item tops are relative to the virtual offset
 * of the last render, and the holder's top follows every scroll event (one style write, no
 * render), so the rows move at the list's speed between the virtualizer's range changes.
 */
function ScaledItems({
  virtualizer,
  children,
}: {
  virtualizer: WindowVirtualizer;
  children: ReactNode;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const renderedAt = virtualizer.scrollOffset ?? 0;
  const { listScale: scale } = virtualizer;
  useLayoutEffect(() => {
    // Where the virtual point `renderedAt` sits in the document, relative to the list's top.
    const place = () => {
      const real = window.scrollY;
      const top = real - toVirtualOffset(real, scale) + renderedAt - scale.margin;
      if (holder.current) holder.current.style.top = `${top}px`;
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    return () => window.removeEventListener('scroll', place);
  }, [renderedAt, scale]);
  return (
    <div ref={holder} style={{ position: 'absolute', top: 0, left: 0, width: '100%' }}>
      {children}
    </div>
  );
}
