import type { Photo } from '../../api/schemas/photo';
import type { Platform } from '../../platform/platform';
import type { AppStore } from '../../store/store';
import { photosApi } from '../photos/api';
import { breakpointForWidth, gridLayout } from '../photos/grid-layout';
import { pickThumbnail, thumbnailSizeFor } from '../photos/thumbnails';
import { buildMonthSections } from '../photos/month-sections';
import { readScrollPosition } from '../photos/persisted-state';
import { readSortingOptions } from '../photos/sorting/sorting-slice';

/**
 * The month pages started with the store: what a first screen shows, the same count the web boot
 * script asks for (`PREFETCHED_MONTHS` in web/src/boot.ts).
 */
export const STARTED_MONTHS = 2;

/**
 * How long the early requests stay subscribed: past the page's mount, which subscribes to them
 * itself (after this the cache's own lifetimes apply, so nothing is held for good).
 */
export const STARTED_HOLD_MS = 10_000;

/**
 * My photos' data started with the store, before React renders the shell (docs/architecture.md
 * "Boot"): the photo user, the timeline and, sorted by date taken, the first months' pages, with
 * exactly the arguments the page and its month sections ask for, so they find them in the cache.
 * On the web each takes over the boot script's early answer, so the answers are read, checked
 * and in the store while the shell renders, and the page's first render already has its tiles:
 * the thumbnails are requested with the page's mount instead of a render or two after it. Coming
 * back from a photo the page starts at the months that were on screen, so no months are guessed
 * then; nor by upload date (the flat list).
 */
export async function startMyPhotosData(store: AppStore, platform: Platform): Promise<void> {
  // Signed out (or back from the sign-in redirect, not yet holding a token): the shell signs in.
  if (!(await platform.auth.getAccessToken())) return;
  const requests: { unsubscribe(): void }[] = [
    store.dispatch(photosApi.endpoints.getPhotoUser.initiate()),
  ];
  const timeline = store.dispatch(photosApi.endpoints.getTimeline.initiate());
  requests.push(timeline);
  setTimeout(() => requests.forEach((request) => request.unsubscribe()), STARTED_HOLD_MS);
  const { sortKey, sortOrder } = readSortingOptions(platform.storage).photos;
  if (sortKey !== 'dateTaken' || readScrollPosition(platform.storage)) return;
  // After the host's own early month pages have started, so these take them over.
  const [{ data }] = await Promise.all([timeline, platform.prefetched?.whenStarted()]);
  if (!data) return;
  const months = buildMonthSections(data.timeline, sortOrder)
    .slice(0, STARTED_MONTHS)
    .map((section) =>
      store.dispatch(
        photosApi.endpoints.getMonthPhotos.initiate({
          year: section.year,
          month: section.month,
          sortKey,
          sortOrder,
        }),
      ),
    );
  requests.push(...months);
  const first = await months[0];
  if (first?.data) preloadFirstRow(first.data.pages[0]?.images ?? [], window);
}

/**
 * The first row's thumbnails asked for as soon as their month page is in, at the priority the
 * first row's tiles give them (`PhotoThumbnail`'s `priority`), so their bytes travel while the
 * shell and page render; each tile's `<img>` then takes its preload over. Only when the size is
 * certain before the page has measured its grid: the grid is at most the window's width, so at
 * the extra-large breakpoint (where the size follows the tile's) only when even that width makes
 * 300 px thumbnails; otherwise the tiles ask for themselves as before.
 */
export function preloadFirstRow(photos: readonly Photo[], win: Window): void {
  const width = win.innerWidth;
  const breakpoint = breakpointForWidth(width);
  const layout = gridLayout(width, breakpoint);
  const size = thumbnailSizeFor(breakpoint, layout.tileSize, win.devicePixelRatio || 1);
  if (breakpoint === 'xl' && size !== 300) return;
  for (const photo of photos.slice(0, layout.columns)) {
    const thumbnail = pickThumbnail(photo, size);
    if (!thumbnail) continue;
    const link = win.document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.href = thumbnail.url;
    link.setAttribute('fetchpriority', 'high');
    win.document.head.append(link);
  }
}
