import { useCallback } from 'react';
import type { BrandHost } from '../../api/schemas/config';
import type { Platform } from '../../platform/platform';
import { usePlatform } from '../../platform/platform-context';
import { useBrand } from '../brand/brand-context';

/** How long the page waits for the mobile app to take over (docs/product.md#limits). */
export const MOBILE_APP_FALLBACK_MS = 2000;

/**
 * A phone or tablet: its primary pointer is a finger (coarse, no hover). Media features rather
 * than the user agent: iPadOS reports a Mac's user agent, and the client hint `mobile` is
 * Chromium's only; a touch-screen laptop keeps a fine primary pointer and stays out.
 */
export const TOUCH_FIRST_QUERY = '(pointer: coarse) and (hover: none)';

export function isTouchFirstDevice(win: Pick<Window, 'matchMedia'> = window): boolean {
  return typeof win.matchMedia === 'function' && win.matchMedia(TOUCH_FIRST_QUERY).matches;
}

/** The brand's app link with `album_id` set, the link's own query kept. */
export function mobileAppUploadUrl(link: string, albumId: string): string {
  const url = new URL(link);
  url.searchParams.set('album_id', albumId);
  return url.href;
}

export interface MobileAppRedirectInput {
  platform: Pick<Platform, 'openMobileApp'>;
  brand: Pick<BrandHost, 'mobileApp'>;
  /** The album the photos were added to; none: no redirect (the app opens an album). */
  albumId: string | null;
  touchFirst: boolean;
}

/** The link to try after photos were added, or null when this customer stays on the web. */
export function mobileAppRedirectUrl(input: MobileAppRedirectInput): string | null {
  const link = input.brand.mobileApp?.uploadLink;
  if (!link || !input.albumId || !input.touchFirst || !input.platform.openMobileApp) return null;
  return mobileAppUploadUrl(link, input.albumId);
}

export type MobileAppOutcome = 'opened' | 'fallback';

/**
 * Tries the app link (docs/product.md#upload). The app taking over hides the page
 * (`visibilitychange`, or `pagehide` when the browser leaves it): 'opened'. Still visible after
 * {@link MOBILE_APP_FALLBACK_MS}: no app answered and the customer stays on the web page,
 * 'fallback'; whatever happens to the page later no longer counts.
 */
export function tryMobileApp(
  url: string,
  open: (url: string) => void,
  doc: Document = document,
  fallbackMs = MOBILE_APP_FALLBACK_MS,
): Promise<MobileAppOutcome> {
  return new Promise((resolve) => {
    const view = doc.defaultView;
    const finish = (outcome: MobileAppOutcome) => {
      clearTimeout(timer);
      doc.removeEventListener('visibilitychange', onVisibility);
      view?.removeEventListener('pagehide', onHide);
      resolve(outcome);
    };
    const onVisibility = () => {
      if (doc.visibilityState === 'hidden') finish('opened');
    };
    const onHide = () => finish('opened');
    const timer = setTimeout(() => finish('fallback'), fallbackMs);
    doc.addEventListener('visibilitychange', onVisibility);
    view?.addEventListener('pagehide', onHide);
    try {
      open(url);
    } catch (error) {
      console.warn('The mobile app link could not be opened', error);
      finish('fallback');
    }
  });
}

/**
 * After 'Add photos' succeeded for an album: on a phone or tablet of a brand with an app, try the
 * app with `album_id`. The upload's success path has already run (dialog closed, caches
 * invalidated), so nothing is lost whichever way it goes and nothing waits on the outcome: the
 * fallback is the album page the customer is already on.
 */
export function useMobileAppRedirect(): (albumId: string | null) => void {
  const platform = usePlatform();
  const brand = useBrand();
  return useCallback(
    (albumId) => {
      const url = mobileAppRedirectUrl({
        platform,
        brand,
        albumId,
        touchFirst: isTouchFirstDevice(),
      });
      if (!url || !platform.openMobileApp) return;
      void tryMobileApp(url, platform.openMobileApp.bind(platform));
    },
    [platform, brand],
  );
}
