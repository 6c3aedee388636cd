import { useDeferredValue } from 'react';

/**
 * How many of a list's `count` items to render now: the first `eager` at once, the rest in a
 * deferred render (`useDeferredValue`) that React renders as a transition, in slices of a few ms
 * between which the browser paints and handles input. A phone's first screen of photo tiles
 * was one main-thread task of 150-300 ms at Lighthouse's 4x CPU slowdown (docs/architecture.md,
 * "Rendering"); the items not yet revealed are drawn as same-sized placeholders, so nothing
 * moves when they arrive. Items added later (the next page) are revealed the same way.
 */
export function useRevealedCount(count: number, eager: number): number {
  const deferred = useDeferredValue(count, Math.min(count, eager));
  return Math.min(count, Math.max(eager, deferred));
}
