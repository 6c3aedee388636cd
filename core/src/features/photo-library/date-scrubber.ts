/**
 * The date scrubber's arithmetic (components/date-scrubber.tsx): where each month sits on the
 * rail, which month a point of the rail means, and where the slider's keys go. Positions are
 * fractions (0..1) of the timeline's height, so a month with more rows takes more of the rail,
 * as in Google Photos and Immich.
 */

export interface ScrubberMonth {
  year: number;
  /** 1..12 */
  month: number;
}

/** Each section's start as a fraction of the sum of `sizes` (its height in the page). */
export function monthStarts(sizes: readonly number[]): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= 0) return sizes.map(() => 0);
  const starts: number[] = [];
  let offset = 0;
  for (const size of sizes) {
    starts.push(offset / total);
    offset += size;
  }
  return starts;
}

/** The section at `fraction` of the rail: the last one starting at or before it. */
export function indexAtFraction(starts: readonly number[], fraction: number): number {
  let low = 0;
  let high = starts.length - 1;
  if (high < 0) return -1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (starts[mid]! <= fraction) low = mid;
    else high = mid - 1;
  }
  return low;
}

export interface YearMark {
  /** The year's first section in display order. */
  index: number;
  year: number;
  fraction: number;
}

/**
 * One label per year, at its first section in display order, leaving out a year whose label
 * would sit closer than `minGap` (a fraction of the rail) to the one shown before it.
 */
export function yearMarks(
  months: readonly ScrubberMonth[],
  starts: readonly number[],
  minGap: number,
): YearMark[] {
  const marks: YearMark[] = [];
  let previous: number | null = null;
  months.forEach((month, index) => {
    if (index > 0 && months[index - 1]!.year === month.year) return;
    const fraction = starts[index] ?? 0;
    if (previous !== null && fraction - previous < minGap) return;
    marks.push({ index, year: month.year, fraction });
    previous = fraction;
  });
  return marks;
}

export type ScrubberKey = 'ArrowUp' | 'ArrowDown' | 'PageUp' | 'PageDown' | 'Home' | 'End';

export function isScrubberKey(key: string): key is ScrubberKey {
  return ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'].includes(key);
}

const monthNumber = (m: ScrubberMonth) => m.year * 12 + (m.month - 1);

/**
 * Where a key moves the slider from section `current` (sections in display order, top of the
 * rail first): Up/Down one section (one month with photos), PageUp/PageDown to the first section
 * at least a year away in that direction (or the end), Home/End the top and the bottom.
 */
export function scrubberKeyTarget(
  months: readonly ScrubberMonth[],
  current: number,
  key: ScrubberKey,
): number {
  const last = months.length - 1;
  if (last < 0) return -1;
  const from = Math.min(Math.max(current, 0), last);
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'ArrowUp':
      return Math.max(from - 1, 0);
    case 'ArrowDown':
      return Math.min(from + 1, last);
    case 'PageUp':
    case 'PageDown': {
      const step = key === 'PageDown' ? 1 : -1;
      const start = monthNumber(months[from]!);
      for (let i = from + step; i >= 0 && i <= last; i += step) {
        if (Math.abs(monthNumber(months[i]!) - start) >= 12) return i;
      }
      return step > 0 ? last : 0;
    }
  }
}
