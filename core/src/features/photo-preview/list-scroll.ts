import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import { usePlatform } from '../../platform/platform-context';
import {
  clearScrollPosition,
  readScrollPosition,
  writeScrollPosition,
} from '../photo-library/persisted-state';
import type { PlatformStorage } from '../../platform/platform';

/** Location state the preview sets when it closes back to its list. */
export interface ReturnFromPreviewState {
  fromPreview: true;
}

export function isReturnFromPreview(location: Pick<Location, 'state'>): boolean {
  const state = location.state as Partial<ReturnFromPreviewState> | null;
  return state?.fromPreview === true;
}

/** Remembers where the list was scrolled before a preview opens (docs/product.md#data scrollPosition). */
export function saveListScroll(storage: PlatformStorage): void {
  writeScrollPosition(storage, { x: Math.max(0, window.scrollX), y: Math.max(0, window.scrollY) });
}

/**
 * Back from the preview, scrolls the list smoothly to the saved position once its content is
 * there (docs/product.md#screens), then forgets the position so a later visit starts at the top.
 */
export function useRestoreListScroll(ready: boolean): void {
  const platform = usePlatform();
  const location = useLocation();
  const done = useRef(false);
  const fromPreview = isReturnFromPreview(location);
  useEffect(() => {
    if (!fromPreview || !ready || done.current) return;
    done.current = true;
    const position = readScrollPosition(platform.storage);
    clearScrollPosition(platform.storage);
    if (!position) return;
    // Wait a frame so images with reserved sizes have laid out the full height.
    requestAnimationFrame(() => {
      window.scrollTo({ left: position.x, top: position.y, behavior: 'smooth' });
    });
  }, [fromPreview, ready, platform.storage]);
}
