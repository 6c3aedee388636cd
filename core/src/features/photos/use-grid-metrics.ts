import { useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { RefObject } from 'react';
import { breakpointForWidth, gridLayout } from './grid-layout';
import type { Breakpoint, GridLayout } from './grid-layout';
import { thumbnailSizeFor } from './thumbnails';
import { subscribeViewportSize, viewportSize } from './viewport-size';

/**
 * The window's width (docs/product.md#limits breakpoints are screen sizes), as of its last resize
 * (`viewport-size.ts`: read in a commit, `innerWidth` laid the new page out inside React's task).
 */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribeViewportSize,
    () => viewportSize().width,
    () => 1280,
  );
}

/**
 * An element's content width, kept current with a ResizeObserver.
 *
 * `urgent`: something on screen already depends on the width (a grid of tiles). Only then is it
 * read at once on mount: the read forces the layout of the whole freshly committed page, and
 * the state it sets renders again synchronously before the paint, together with every effect
 * still pending, in one long task. Otherwise the observer's first report, which the browser
 * makes after its own layout of the frame, brings the width without either.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, urgent: boolean): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  useLayoutEffect(() => {
    if (urgent && width === 0 && ref.current) setWidth(ref.current.clientWidth);
  }, [ref, urgent, width]);
  return width;
}

export interface GridMetrics {
  breakpoint: Breakpoint;
  layout: GridLayout;
  thumbnailSize: 300 | 800;
}

/**
 * Columns from the screen breakpoint, tile size from the container's width. `urgent`: tiles are
 * on screen (see useElementWidth).
 */
export function useGridMetrics(
  containerRef: RefObject<HTMLElement | null>,
  urgent: boolean,
): GridMetrics {
  const viewportWidth = useViewportWidth();
  const containerWidth = useElementWidth(containerRef, urgent);
  const breakpoint = breakpointForWidth(viewportWidth);
  const width = containerWidth || viewportWidth;
  // One object per width/breakpoint, so memoised children and effects see stable values.
  return useMemo(() => {
    const layout = gridLayout(width, breakpoint);
    return {
      breakpoint,
      layout,
      thumbnailSize: thumbnailSizeFor(breakpoint, layout.tileSize, window.devicePixelRatio || 1),
    };
  }, [breakpoint, width]);
}

/**
 * An element's distance from the top of the document (the virtualizer's `scrollMargin`).
 * Content above it (the banner's show more, the header switching to select mode) moves it, so it
 * is re-measured whenever the body changes size. `urgent` as in useElementWidth: read at once on
 * mount only when items are on screen; otherwise the observers' first reports bring it.
 */
export function useDocumentOffsetTop(ref: RefObject<HTMLElement | null>, urgent: boolean): number {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setTop(documentTop(element)));
    observer.observe(document.body);
    if (element.parentElement) observer.observe(element.parentElement);
    return () => observer.disconnect();
  }, [ref]);
  const measured = top !== null;
  useLayoutEffect(() => {
    if (urgent && !measured && ref.current) setTop(documentTop(ref.current));
  }, [ref, urgent, measured]);
  return top ?? 0;
}

function documentTop(element: HTMLElement): number {
  return Math.round(element.getBoundingClientRect().top + window.scrollY);
}
