import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { photosApi } from '../photos/api';
import type { MonthPhotosArg } from '../photos/api';

type Request = { abort(): void; unsubscribe(): void };

/**
 * Loads a month's first page while `active` (the section is on screen) and aborts it when the
 * section leaves the screen before it arrived (docs/product.md#states: loads on first visibility; loads
 * for sections scrolled past are cancelled). Returns `loadMore` for the '+N' tile.
 */
export function useMonthSectionLoader(arg: MonthPhotosArg, active: boolean) {
  const dispatch = useAppDispatch();
  const more = useRef<Request | null>(null);
  useEffect(() => {
    if (!active) return undefined;
    const request = dispatch(photosApi.endpoints.getMonthPhotos.initiate(arg));
    return () => {
      request.abort();
      request.unsubscribe();
      more.current?.abort();
      more.current?.unsubscribe();
      more.current = null;
    };
  }, [active, arg, dispatch]);
  return useCallback(() => {
    more.current?.unsubscribe();
    more.current = dispatch(
      photosApi.endpoints.getMonthPhotos.initiate(arg, { direction: 'forward' }),
    );
  }, [arg, dispatch]);
}

/** While the list is scrolling, a section must stay on screen this long before it loads. */
export const SCROLL_DWELL_MS = 150;

/**
 * True once a visible section should load: at once when the list is still, after
 * `SCROLL_DWELL_MS` on screen while it scrolls (a month flung past is not worth a request).
 * Stays true while the section remains visible, so a load is not cut by the next scroll.
 */
export function useShouldLoad(visible: boolean, scrolling: boolean): boolean {
  // A section mounted on screen in a still list loads from its first effects: starting false,
  // the effect below would render every such section again first (on a phone, in the task that
  // starts the page's queries).
  const [dwelled, setDwelled] = useState(() => visible && !scrolling);
  useEffect(() => {
    if (!visible) {
      setDwelled(false);
      return undefined;
    }
    if (!scrolling) {
      setDwelled(true);
      return undefined;
    }
    const timer = setTimeout(() => setDwelled(true), SCROLL_DWELL_MS);
    return () => clearTimeout(timer);
  }, [visible, scrolling]);
  return visible && dwelled;
}
