import { useEffect } from 'react';
import { afterPaint } from '../../ui/after-paint';

/**
 * "The order list's first page is on screen" (docs/product.md "My orders": the list paints with
 * the API's first page, the other pages load behind it). `getOrders` asks for the other pages
 * once a screen showing the list has painted that load's first page: asked for a frame after
 * the answer, their downloads and parsing competed with the first page's render, which React
 * renders in slices over several frames (answers come in transitions), and on a slow phone
 * they were all in before the list painted. Where no screen says so, they are asked for after
 * `fallbackMs` all the same.
 */
const waiting = new Map<number, () => void>();

export function whenOrderListShown(load: number, fallbackMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(load);
      resolve();
    };
    const timer = setTimeout(done, fallbackMs);
    waiting.set(load, done);
  });
}

/** For the screens showing the list: its first page of `load` is committed; once painted, go on. */
export function useOrderListShown(load: number | undefined): void {
  useEffect(() => {
    if (load === undefined) return;
    const done = waiting.get(load);
    if (done) void afterPaint().then(done);
  }, [load]);
}
