import type { SortOrder } from '../../api/schemas/paging';
import { PAGE_LIMITS } from '../../api/schemas/paging';
import type { TimelineMap } from '../../api/schemas/timeline';
import { UNKNOWN_DATE_MONTH, UNKNOWN_DATE_YEAR } from '../../api/schemas/timeline';
import { gridHeight } from './grid-layout';
import type { GridLayout } from './grid-layout';

/** Photos per month page (docs/product.md#limits). */
export const MONTH_PAGE_SIZE = PAGE_LIMITS.timelineMonth;

export interface MonthSection {
  /** `yyyy-m`, unique per month. */
  key: string;
  year: number;
  /** 1..12 */
  month: number;
  /** Photos in the month according to the timeline. */
  count: number;
}

export function monthSectionKey(year: number, month: number): string {
  return `${year}-${month}`;
}

/** One section per month with photos, newest first for `desc`, oldest first for `asc`. */
export function buildMonthSections(timeline: TimelineMap, sortOrder: SortOrder): MonthSection[] {
  const sections: MonthSection[] = [];
  for (const [yearKey, months] of Object.entries(timeline)) {
    const year = Number(yearKey);
    for (const [monthKey, count] of Object.entries(months)) {
      if (count > 0) {
        const month = Number(monthKey);
        sections.push({ key: monthSectionKey(year, month), year, month, count });
      }
    }
  }
  const direction = sortOrder === 'asc' ? 1 : -1;
  sections.sort((a, b) => direction * (a.year * 12 + a.month - (b.year * 12 + b.month)));
  return sections;
}

export function isUnknownDate(year: number, month: number): boolean {
  return year === UNKNOWN_DATE_YEAR && month === UNKNOWN_DATE_MONTH;
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The month label: `unknownDateLabel` for January 1970 (photos without a date), else
 * 'MMMM yyyy' in the user's locale, from the browser's own month names (`Intl`, the same CLDR
 * names date-fns has, without its code on the first paint). Spanish month names are lower-case,
 * and docs/product.md#screens wants them capitalised.
 */
export function monthLabel(
  year: number,
  month: number,
  options: { localeId: string; unknownDateLabel: string },
): string {
  if (isUnknownDate(year, month)) return options.unknownDateLabel;
  let formatter = monthFormats.get(options.localeId);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(options.localeId, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    monthFormats.set(options.localeId, formatter);
  }
  // Parts, not `format`: Spanish and Portuguese put 'de' between month and year.
  const parts = formatter.formatToParts(Date.UTC(year, month - 1, 1));
  const monthName = parts.find((part) => part.type === 'month')?.value ?? String(month);
  const label = `${monthName} ${parts.find((part) => part.type === 'year')?.value ?? year}`;
  if (options.localeId.toLowerCase().startsWith('es')) {
    return label.charAt(0).toLocaleUpperCase(options.localeId) + label.slice(1);
  }
  return label;
}

/**
 * What a section shows: `photoTiles` photos (or placeholders before the first page arrives) and
 * a '+N' tile when the month has more photos than are loaded. Before loading, the first page is
 * assumed (min(count, 24)), so the section's height is right before any photo arrives.
 */
export function sectionTiles(
  count: number,
  loaded: { photos: number; hasMore: boolean } | null,
): { photoTiles: number; moreCount: number } {
  if (loaded === null) {
    const first = Math.min(count, MONTH_PAGE_SIZE);
    return { photoTiles: first, moreCount: count - first };
  }
  if (!loaded.hasMore) return { photoTiles: loaded.photos, moreCount: 0 };
  // The timeline count can lag behind a delete or upload; a next page still earns a '+N' tile.
  return { photoTiles: loaded.photos, moreCount: Math.max(count - loaded.photos, 1) };
}

/** Height of a section's header row (month label + select-all button). */
export const SECTION_HEADER_HEIGHT = 48;
/** Space below each section. */
export const SECTION_GAP = 24;

/** A month section's full height: header, tiles (incl. the '+N' tile) and the gap below. */
export function sectionHeight(
  tiles: { photoTiles: number; moreCount: number },
  layout: GridLayout,
): number {
  const count = tiles.photoTiles + (tiles.moreCount > 0 ? 1 : 0);
  return SECTION_HEADER_HEIGHT + gridHeight(count, layout) + SECTION_GAP;
}

/** Pages needed to show `count` photos (docs/product.md#validation: a page size that is not an integer >= 1 gives none). */
export function pageCount(count: number, pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 1 || count <= 0) return 0;
  return Math.ceil(count / pageSize);
}
