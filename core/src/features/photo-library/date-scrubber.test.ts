import {
  indexAtFraction,
  isScrubberKey,
  monthStarts,
  scrubberKeyTarget,
  yearMarks,
} from './date-scrubber';

// Newest first, as the timeline shows them: two months of 2024, one of 2023, three of 2022, the
// photos without a date (January 1970) last.
const months = [
  { year: 2024, month: 6 },
  { year: 2024, month: 1 },
  { year: 2023, month: 7 },
  { year: 2022, month: 12 },
  { year: 2022, month: 5 },
  { year: 2022, month: 1 },
  { year: 1970, month: 1 },
];

describe('the date scrubber mapping', () => {
  it('places each month at its share of the timeline height', () => {
    expect(monthStarts([100, 300, 100])).toEqual([0, 0.2, 0.8]);
    expect(monthStarts([0, 0])).toEqual([0, 0]);
    expect(monthStarts([])).toEqual([]);
  });

  it('finds the month under a point of the rail', () => {
    const starts = monthStarts([100, 300, 100]);
    expect(indexAtFraction(starts, 0)).toBe(0);
    expect(indexAtFraction(starts, 0.19)).toBe(0);
    expect(indexAtFraction(starts, 0.2)).toBe(1);
    expect(indexAtFraction(starts, 0.79)).toBe(1);
    expect(indexAtFraction(starts, 1)).toBe(2);
    expect(indexAtFraction([], 0.5)).toBe(-1);
  });

  it('labels each year once, at its first month, and drops labels that would crowd', () => {
    const starts = monthStarts([10, 10, 10, 10, 10, 10, 40]);
    expect(yearMarks(months, starts, 0).map((mark) => [mark.year, mark.index])).toEqual([
      [2024, 0],
      [2023, 2],
      [2022, 3],
      [1970, 6],
    ]);
    // 2023 sits 0.2 below 2024, 2022 0.1 below 2023: with a gap of 0.15 the 2022 label goes.
    expect(yearMarks(months, starts, 0.15).map((mark) => mark.year)).toEqual([2024, 2023, 1970]);
  });
});

describe('the date scrubber keys', () => {
  it('moves one month with Up and Down, stopping at the ends', () => {
    expect(scrubberKeyTarget(months, 2, 'ArrowDown')).toBe(3);
    expect(scrubberKeyTarget(months, 2, 'ArrowUp')).toBe(1);
    expect(scrubberKeyTarget(months, 0, 'ArrowUp')).toBe(0);
    expect(scrubberKeyTarget(months, 6, 'ArrowDown')).toBe(6);
  });

  it('moves a year with PageUp and PageDown, to the first month at least 12 months away', () => {
    // June 2024 → July 2023 (11 months) is not a year; December 2022 is.
    expect(scrubberKeyTarget(months, 0, 'PageDown')).toBe(3);
    expect(scrubberKeyTarget(months, 3, 'PageUp')).toBe(1);
    expect(scrubberKeyTarget(months, 5, 'PageDown')).toBe(6);
    // Nothing a year away: the end in that direction.
    expect(scrubberKeyTarget(months, 6, 'PageDown')).toBe(6);
    expect(scrubberKeyTarget(months, 1, 'PageUp')).toBe(0);
  });

  it('goes to the newest and the oldest with Home and End', () => {
    expect(scrubberKeyTarget(months, 3, 'Home')).toBe(0);
    expect(scrubberKeyTarget(months, 3, 'End')).toBe(6);
    expect(scrubberKeyTarget([], 0, 'End')).toBe(-1);
  });

  it('knows its keys', () => {
    expect(isScrubberKey('PageDown')).toBe(true);
    expect(isScrubberKey('ArrowLeft')).toBe(false);
  });
});
