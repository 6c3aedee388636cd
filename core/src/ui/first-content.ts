/**
 * "The page's main content is on screen": the first photo thumbnail has been painted (or the page
 * has nothing to show). Code needed only once the user interacts (menus, tooltips) loads after this,
 * so it does not compete with the first paint (initial JS budget: 170 KB gzip). The user's
 * first input, or a fallback delay, counts as well: nothing waits for a photo that never comes.
 */
import { useEffect, useState } from 'react';

let shown = false;
const waiting: Array<() => void> = [];
let paintObserver: PerformanceObserver | null = null;

/** Element Timing (Chromium): the browser reports when an `elementtiming` element is painted. */
function elementTimingSupported(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('element')
  );
}

/**
 * Where the browser reports paints, the first painted `elementtiming="photo-thumbnail"` image
 * marks the content shown: a decoded image is not always painted in the next frame.
 */
function watchThumbnailPaint(): void {
  if (paintObserver || shown || !elementTimingSupported()) return;
  paintObserver = new PerformanceObserver((list) => {
    const painted = list
      .getEntries()
      .some((entry) => (entry as { identifier?: string }).identifier === 'photo-thumbnail');
    if (!painted) return;
    paintObserver?.disconnect();
    markContentShown();
  });
  paintObserver.observe({ type: 'element', buffered: true });
}

/** Runs the first waiting callback, and the next one in a task of its own, until none is left. */
function runWaiting(): void {
  const run = waiting.shift();
  if (!run) return;
  if (waiting.length > 0) window.setTimeout(runWaiting, 0);
  run();
}

/**
 * Idempotent; call once the first thumbnail is decoded (see `markShownWhenDecoded`) and from empty
 * or error states. The waiting work runs after the next frame is painted, not before it, each
 * callback in a task of its own: all in one, the deferred imports (select mode's bars, Menu and
 * Tooltip, the date scrubber: each inserting its chunks' preload links) made one long task on a
 * phone, and the browser could not answer an input or paint in between.
 */
export function markContentShown(): void {
  if (shown) return;
  shown = true;
  // A timeout started inside an animation frame runs after that frame has been painted.
  requestAnimationFrame(() => {
    window.setTimeout(runWaiting, 0);
  });
}

/**
 * For an `<img>`'s load or error event: marks the content shown once the image can be painted.
 * Only an image inside the viewport counts: lazy images below the fold load early too, and the
 * deferred code must not start before what the user sees has been painted.
 */
export function markShownWhenDecoded(image: HTMLImageElement): void {
  if (shown || paintObserver) return; // the browser reports the paint itself (above)
  const box = image.getBoundingClientRect();
  if (box.bottom <= 0 || box.top >= window.innerHeight) return;
  const decoded = typeof image.decode === 'function' ? image.decode() : Promise.resolve();
  decoded.catch(() => undefined).then(markContentShown, markContentShown);
}

/** Runs `run` once the content is shown, on the first input, or after `fallbackMs`. */
export function afterContentShown(run: () => void, fallbackMs = 3000): void {
  if (shown) {
    run();
    return;
  }
  waiting.push(run);
  if (waiting.length > 1) return;
  watchThumbnailPaint();
  const onInput = () => markContentShown();
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) {
    window.addEventListener(type, onInput, { once: true, capture: true, passive: true });
  }
  window.setTimeout(markContentShown, fallbackMs);
}

/**
 * Runs `run` once, on whichever comes first: the content shown (`afterContentShown`) or the
 * window's load event. For page furniture every page has (the cookie-consent banner): pages that
 * never mark their content (the overview, orders, settings) get it once their own scripts and
 * styles are in, not after the 3 s fallback, and My photos gets it after its first thumbnail.
 */
export function afterContentOrLoad(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  afterContentShown(once);
  if (document.readyState === 'complete') window.setTimeout(once, 0);
  else window.addEventListener('load', () => window.setTimeout(once, 0), { once: true });
}

/** Whether the page's main content has been shown (see `markContentShown`). */
export function isContentShown(): boolean {
  return shown;
}

/**
 * For a part that is always on screen but not needed for the first paint (the timeline's date
 * scrubber): false until the content is shown (same rule as `afterContentShown`), then true. The
 * caller renders a same-sized placeholder until then, so rendering the part later moves nothing.
 */
export function useContentShown(): boolean {
  const [isShown, setShown] = useState(shown);
  useEffect(() => {
    if (isShown) return;
    let active = true;
    afterContentShown(() => {
      if (active) setShown(true);
    });
    return () => {
      active = false;
    };
  }, [isShown]);
  return isShown;
}

/** Tests only: back to "nothing shown yet". */
export function resetContentShownForTests(): void {
  paintObserver?.disconnect();
  paintObserver = null;
  shown = false;
  waiting.length = 0;
}
