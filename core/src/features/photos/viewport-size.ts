/**
 * The window's inner size as of its last resize, for the photo lists' breakpoints and their
 * virtualizer. Reading `window.innerWidth` or `innerHeight` makes the browser lay the page out
 * first when anything changed since its last layout: read in a commit or its effects (as
 * `useSyncExternalStore` re-reads a snapshot after each commit, and the virtualizer measures
 * the window on mount), it laid out the freshly committed page inside React's task, about 75 ms
 * on Lighthouse's phone preset, instead of in the frame that follows. Here the size is read
 * once and then in `resize` events, which come after the browser's own layout.
 */
export interface ViewportSize {
  width: number;
  height: number;
}

let current: ViewportSize | null = null;
const listeners = new Set<() => void>();

const readWindow = (): ViewportSize => ({ width: window.innerWidth, height: window.innerHeight });

function onResize(): void {
  const next = readWindow();
  if (current && next.width === current.width && next.height === current.height) return;
  current = next;
  listeners.forEach((listener) => listener());
}

/** The window's size: read the first time, then kept by one `resize` listener for good. */
export function viewportSize(): ViewportSize {
  if (!current) {
    current = readWindow();
    window.addEventListener('resize', onResize);
  }
  return current;
}

/** Calls `listener` after each resize that changed the size; returns the unsubscribe. */
export function subscribeViewportSize(listener: () => void): () => void {
  viewportSize();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
