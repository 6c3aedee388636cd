import { z } from 'zod/mini';
import type { PlatformStorage } from '../../platform/platform';

/** Local storage keys of docs/product.md#limits. */
export const SCROLL_POSITION_KEY = 'scrollPosition';
export const VISIBLE_TIMELINE_SECTIONS_KEY = 'visibleTimeLineSections';

/** docs/product.md#validation: two numbers, each >= 0. Stored as `[x, y]`. */
const scrollPositionSchema = z.tuple([
  z.number().check(z.minimum(0)),
  z.number().check(z.minimum(0)),
]);
export interface ScrollPosition {
  x: number;
  y: number;
}

/** Month section keys `yyyy-m` (month 1..12), as `monthSectionKey` builds them. */
const sectionKeySchema = z.string().check(z.regex(/^\d{4}-([1-9]|1[0-2])$/));
const visibleSectionsSchema = z.array(sectionKeySchema).check(z.maxLength(500));

function readJson(storage: PlatformStorage, key: string): unknown {
  try {
    const raw = storage.get(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function write(storage: PlatformStorage, key: string, value: unknown) {
  try {
    storage.set(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: losing a scroll position is harmless.
  }
}

/** The saved list scroll position, or null when none is stored or the value is invalid. */
export function readScrollPosition(storage: PlatformStorage): ScrollPosition | null {
  const parsed = scrollPositionSchema.safeParse(readJson(storage, SCROLL_POSITION_KEY));
  return parsed.success ? { x: parsed.data[0], y: parsed.data[1] } : null;
}

export function writeScrollPosition(storage: PlatformStorage, position: ScrollPosition) {
  const parsed = scrollPositionSchema.safeParse([position.x, position.y]);
  if (parsed.success) write(storage, SCROLL_POSITION_KEY, parsed.data);
}

export function clearScrollPosition(storage: PlatformStorage) {
  try {
    storage.remove(SCROLL_POSITION_KEY);
  } catch {
    // Nothing to clear when storage is blocked.
  }
}

/** Month sections that were on screen when the list was left (they load first on return). */
export function readVisibleTimelineSections(storage: PlatformStorage): string[] {
  const parsed = visibleSectionsSchema.safeParse(readJson(storage, VISIBLE_TIMELINE_SECTIONS_KEY));
  return parsed.success ? parsed.data : [];
}

export function writeVisibleTimelineSections(storage: PlatformStorage, keys: readonly string[]) {
  const parsed = visibleSectionsSchema.safeParse(keys);
  if (parsed.success) write(storage, VISIBLE_TIMELINE_SECTIONS_KEY, parsed.data);
}

/**
 * The users (their `sub`) who collapsed the timeline banner on this device: it stays collapsed
 * for them on every later visit (docs/product.md#screens "Timeline"). A list, so people sharing
 * a browser each keep their own choice; the newest 50 are kept.
 */
export const TIMELINE_BANNER_COLLAPSED_KEY = 'timelineBannerCollapsed';
const MAX_BANNER_USERS = 50;
const bannerUsersSchema = z.array(z.string().check(z.minLength(1), z.maxLength(200)));

function readBannerUsers(storage: PlatformStorage): string[] {
  const parsed = bannerUsersSchema.safeParse(readJson(storage, TIMELINE_BANNER_COLLAPSED_KEY));
  return parsed.success ? parsed.data : [];
}

export function readTimelineBannerCollapsed(storage: PlatformStorage, userId: string): boolean {
  return readBannerUsers(storage).includes(userId);
}

export function writeTimelineBannerCollapsed(
  storage: PlatformStorage,
  userId: string,
  collapsed: boolean,
) {
  const others = readBannerUsers(storage).filter((id) => id !== userId);
  const next = collapsed ? [...others, userId].slice(-MAX_BANNER_USERS) : others;
  write(storage, TIMELINE_BANNER_COLLAPSED_KEY, next);
}
