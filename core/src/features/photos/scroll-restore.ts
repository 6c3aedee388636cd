import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { To } from 'react-router-dom';
import { usePlatform } from '../../platform/platform-context';
import { bufferKeys } from '../../ui/key-buffer';
import { scrollBehavior } from '../../ui/reduced-motion';
import { useAppNavigate } from '../../ui/stripped-link';
import {
  clearScrollPosition,
  readScrollPosition,
  readVisibleTimelineSections,
  writeScrollPosition,
  writeVisibleTimelineSections,
} from './persisted-state';

/**
 * The one scroll-restore path of every photo list (docs/product.md#screens: closing the preview
 * returns to the same place). Opening a photo stores the window's scroll position and the month
 * sections on screen (`scrollPosition`, `visibleTimeLineSections`, docs/product.md#data); the list,
 * when it mounts again and can show its content, scrolls back there and forgets the position.
 */

/**
 * The history entry of a preview opened from its list: where the list was and which photo opened
 * it. The entry under it is that list, so closing goes back to it instead of stacking another.
 */
export interface PreviewEntryState {
  /** `month`: the timeline's month section (`yyyy-m`) of the photo, when opened from one. */
  previewOf: { x: number; y: number; sections: string[]; photoId: string; month?: string };
}

/** The photo whose tile gets focus back when its list shows again. */
let returnFocusPhotoId: string | null = null;

/** The keys the preview acts on: pressed before its code has loaded, they wait for it. */
export const PREVIEW_KEYS = ['Escape', 'ArrowLeft', 'ArrowRight'] as const;

function remember(
  storage: Parameters<typeof writeScrollPosition>[0],
  entry: PreviewEntryState['previewOf'],
) {
  writeScrollPosition(storage, { x: entry.x, y: entry.y });
  writeVisibleTimelineSections(storage, entry.sections);
  returnFocusPhotoId = entry.photoId;
}

function previewEntry(state: unknown): PreviewEntryState['previewOf'] | null {
  if (typeof state !== 'object' || state === null || !('previewOf' in state)) return null;
  const entry = (state as PreviewEntryState).previewOf;
  return typeof entry?.photoId === 'string' &&
    Number.isFinite(entry.x) &&
    Number.isFinite(entry.y) &&
    Array.isArray(entry.sections) &&
    (entry.month === undefined || typeof entry.month === 'string')
    ? entry
    : null;
}

/** The timeline month the preview of this history entry was opened from, if any. */
export function previewEntryMonth(state: unknown): string | null {
  const month = previewEntry(state)?.month;
  return month !== undefined && /^\d{4}-\d{1,2}$/.test(month) ? month : null;
}

/** One function, not one per render: the callback below stays the same between renders. */
const noSections = (): readonly string[] => [];

/**
 * Opens a photo's preview from a list, keeping the query string, after remembering where the
 * list is. `visibleSections` names the month sections on screen (the timeline; others have none);
 * `month`, the timeline's month of the photo, lets the preview read the library from there.
 */
export function useOpenPreview(
  previewPath: (photoId: string) => string,
  visibleSections: () => readonly string[] = noSections,
): (photoId: string, month?: string) => void {
  const platform = usePlatform();
  const navigate = useAppNavigate();
  const { search } = useLocation();
  return useCallback(
    (photoId: string, month?: string) => {
      const entry: PreviewEntryState['previewOf'] = {
        x: Math.max(0, Math.round(window.scrollX)),
        y: Math.max(0, Math.round(window.scrollY)),
        sections: [...visibleSections()],
        photoId,
        ...(month === undefined ? {} : { month }),
      };
      remember(platform.storage, entry);
      bufferKeys(PREVIEW_KEYS);
      const state: PreviewEntryState = { previewOf: entry };
      navigate({ pathname: previewPath(photoId), search }, { state });
    },
    [navigate, platform.storage, previewPath, search, visibleSections],
  );
}

/**
 * The preview's side of its history entry. Arriving on it (also by the browser's Forward) it
 * stores again where its list was, so the list restores its position however the preview
 * closes. `close` goes back to the list entry under it (no new entry: Back after closing leaves
 * the list), or replaces the preview with the list when it was opened directly. `show` moves to
 * another photo in place of this one (with its timeline month, when the list knows it).
 */
export function usePreviewHistory(listTo: To): {
  close: () => void;
  show: (to: To, month?: string) => void;
} {
  const platform = usePlatform();
  const navigate = useAppNavigate();
  const { state } = useLocation();
  const entry = previewEntry(state);
  const entryKey = entry ? JSON.stringify(entry) : null;
  useEffect(() => {
    if (entryKey)
      remember(platform.storage, JSON.parse(entryKey) as PreviewEntryState['previewOf']);
  }, [entryKey, platform.storage]);
  const fromList = entry !== null;
  const close = useCallback(() => {
    if (fromList) navigate(-1);
    else navigate(listTo, { replace: true });
  }, [fromList, navigate, listTo]);
  // The entry keeps the month of the photo shown, so a reload reads the library from there.
  const show = useCallback(
    (to: To, month?: string) => {
      const next: unknown =
        entry && month !== undefined
          ? ({ previewOf: { ...entry, month } } satisfies PreviewEntryState)
          : state;
      navigate(to, { replace: true, state: next });
    },
    [navigate, state, entry],
  );
  return { close, show };
}

/**
 * Back from the preview: once `ready` (the list has its height), scrolls smoothly (a jump with
 * reduced motion) to the stored position, once per mount. `onRestore` receives the month
 * sections that were on screen, so they can start loading first; what it returns runs when the
 * list unmounts.
 */
export function useListScrollRestore(
  ready: boolean,
  onRestore?: (visibleSections: string[]) => (() => void) | void,
): void {
  const platform = usePlatform();
  const done = useRef(false);
  const cleanup = useRef<(() => void) | void>(undefined);
  const restore = useRef(onRestore);
  useEffect(() => {
    restore.current = onRestore;
  });
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const position = readScrollPosition(platform.storage);
    if (!position) return;
    clearScrollPosition(platform.storage);
    cleanup.current = restore.current?.(readVisibleTimelineSections(platform.storage));
    // A frame later, so content with reserved sizes has laid out the full height.
    requestAnimationFrame(() => {
      window.scrollTo({ left: position.x, top: position.y, behavior: scrollBehavior() });
    });
    const photoId = returnFocusPhotoId;
    returnFocusPhotoId = null;
    if (photoId) cleanup.current = chain(cleanup.current, focusTileWhenShown(photoId));
  }, [ready, platform.storage]);
  useEffect(() => () => cleanup.current?.(), []);
}

function chain(first: (() => void) | void, second: () => void): () => void {
  return () => {
    first?.();
    second();
  };
}

/** How long the tile of the photo the preview showed may take to render (its page may load). */
const FOCUS_WAIT_MS = 3000;

/**
 * Keyboard focus back on the tile that opened the preview, once it is rendered, without
 * scrolling (the scroll position is restored separately). Stops when the user focused
 * something else meanwhile.
 */
function focusTileWhenShown(photoId: string): () => void {
  const started = performance.now();
  let frame = 0;
  const tryFocus = () => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const tile = document.querySelector<HTMLElement>(
      `[data-photo-id="${photoId.replace(/["\\]/g, '')}"] button`,
    );
    if (tile) {
      tile.focus({ preventScroll: true });
      return;
    }
    if (performance.now() - started < FOCUS_WAIT_MS) frame = requestAnimationFrame(tryFocus);
  };
  frame = requestAnimationFrame(tryFocus);
  return () => cancelAnimationFrame(frame);
}
