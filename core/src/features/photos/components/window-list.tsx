import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect } from 'react';
import type { Key, ReactNode, RefObject } from 'react';
import { useDocumentOffsetTop } from '../use-grid-metrics';

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

export type WindowVirtualizer = Virtualizer<Window, Element>;

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
  const scrollMargin = useDocumentOffsetTop(containerRef);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize,
    getItemKey,
    overscan,
    scrollMargin,
  });
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [sizesKey, virtualizer]);
  return virtualizer;
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
  return (
    // A named region, not a feed: a feed may hold only articles (axe: aria-required-children),
    // and a list's rows or month sections are not articles.
    <section
      ref={containerRef}
      aria-label={label}
      style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => (
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
          {renderItem(item)}
        </div>
      ))}
    </section>
  );
}
