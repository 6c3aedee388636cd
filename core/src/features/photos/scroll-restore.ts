import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { usePlatform } from '../../platform/platform-context';
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
 * Opens a photo's preview from a list, keeping the query string, after remembering where the
 * list is. `visibleSections` names the month sections on screen (the timeline; others have none).
 */
export function useOpenPreview(
  previewPath: (photoId: string) => string,
  visibleSections: () => readonly string[] = () => [],
): (photoId: string) => void {
  const platform = usePlatform();
  const navigate = useAppNavigate();
  const { search } = useLocation();
  return useCallback(
    (photoId: string) => {
      writeScrollPosition(platform.storage, {
        x: Math.max(0, window.scrollX),
        y: Math.max(0, window.scrollY),
      });
      writeVisibleTimelineSections(platform.storage, visibleSections());
      navigate({ pathname: previewPath(photoId), search });
    },
    [navigate, platform.storage, previewPath, search, visibleSections],
  );
}

/**
 * Back from the preview: once `ready` (the list has its height), scrolls smoothly to the stored
 * position, once per mount. `onRestore` receives the month sections that were on screen, so they
 * can start loading first; what it returns runs when the list unmounts.
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
      window.scrollTo({ left: position.x, top: position.y, behavior: 'smooth' });
    });
  }, [ready, platform.storage]);
  useEffect(() => () => cleanup.current?.(), []);
}
