import { gridHeight, gridLayout } from './grid-layout';
import {
  buildMonthSections,
  monthLabel,
  pageCount,
  SECTION_GAP,
  SECTION_HEADER_HEIGHT,
  sectionHeight,
  sectionTiles,
} from './month-sections';

describe('month sections (docs/product.md#screens Timeline, docs/product.md#limits)', () => {
  const timeline = {
    '2023': { '12': 3, '1': 30 },
    '1970': { '1': 2 },
    '2024': { '2': 24, '3': 0 },
  };

  it('one section per month with photos, newest first for desc', () => {
    expect(buildMonthSections(timeline, 'desc').map((s) => [s.key, s.count])).toEqual([
      ['2024-2', 24],
      ['2023-12', 3],
      ['2023-1', 30],
      ['1970-1', 2],
    ]);
  });

  it('oldest first for asc', () => {
    expect(buildMonthSections(timeline, 'asc').map((s) => s.key)).toEqual([
      '1970-1',
      '2023-1',
      '2023-12',
      '2024-2',
    ]);
  });

  it.each([
    ['January 1970 is the unknown date', 1970, 1, 'en-GB', 'Unknown Date'],
    ['February 1970 is a real month', 1970, 2, 'en-GB', 'February 1970'],
    ['English', 2024, 3, 'en-GB', 'March 2024'],
    ['Spanish is capitalised MMMM yyyy, without "de"', 2024, 3, 'es-ES', 'Marzo 2024'],
    ['Spanish unknown date uses the translated label', 1970, 1, 'es-ES', 'Unknown Date'],
    ['Portuguese has no "de" either and stays lower-case', 2024, 1, 'pt-PT', 'janeiro 2024'],
    ['Austrian German says Jänner', 2024, 1, 'de-AT', 'Jänner 2024'],
    ['Dutch', 2024, 12, 'nl-NL', 'december 2024'],
    ['December stays in its year whatever the time zone', 2023, 12, 'sv-SE', 'december 2023'],
  ])('label: %s', (_name, year, month, localeId, expected) => {
    expect(monthLabel(year, month, { localeId, unknownDateLabel: 'Unknown Date' })).toBe(expected);
  });

  it.each([
    [
      'not loaded, small month: all its photos as placeholders',
      5,
      null,
      { photoTiles: 5, moreCount: 0 },
    ],
    ['not loaded, exactly 24', 24, null, { photoTiles: 24, moreCount: 0 }],
    ['not loaded, 25 photos: 24 and +1', 25, null, { photoTiles: 24, moreCount: 1 }],
    [
      'first page loaded of 100',
      100,
      { photos: 24, hasMore: true },
      { photoTiles: 24, moreCount: 76 },
    ],
    [
      'two pages loaded of 100',
      100,
      { photos: 48, hasMore: true },
      { photoTiles: 48, moreCount: 52 },
    ],
    ['all loaded', 100, { photos: 100, hasMore: false }, { photoTiles: 100, moreCount: 0 }],
    [
      'count lags behind but the server has more',
      24,
      { photos: 24, hasMore: true },
      { photoTiles: 24, moreCount: 1 },
    ],
  ])('tiles: %s', (_name, count, loaded, expected) => {
    expect(sectionTiles(count, loaded)).toEqual(expected);
  });

  it.each([
    [0, 24, 0],
    [1, 24, 1],
    [24, 24, 1],
    [25, 24, 2],
    [100_000, 24, 4167],
    [10, 0, 0],
    [10, 2.5, 0],
    [10, -1, 0],
  ])('%i photos in pages of %s: %i pages', (count, size, pages) => {
    expect(pageCount(count, size)).toBe(pages);
  });

  it('section height is known from the count and the columns before photos load', () => {
    const layout = gridLayout(400, 'small'); // 3 columns
    expect(layout.columns).toBe(3);
    expect(layout.tileSize).toBe(130); // (400 - 2*4) / 3
    // 30 photos: 24 placeholders + '+6' tile = 25 tiles = 9 rows.
    expect(sectionHeight(sectionTiles(30, null), layout)).toBe(
      SECTION_HEADER_HEIGHT + 9 * 130 + 8 * 4 + SECTION_GAP,
    );
    // 3 photos: one row.
    expect(sectionHeight(sectionTiles(3, null), layout)).toBe(
      SECTION_HEADER_HEIGHT + 130 + SECTION_GAP,
    );
    expect(gridHeight(0, layout)).toBe(0);
  });
});
