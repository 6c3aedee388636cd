import {
  readScrollPosition,
  readTimelineBannerCollapsed,
  readVisibleTimelineSections,
  SCROLL_POSITION_KEY,
  TIMELINE_BANNER_COLLAPSED_KEY,
  VISIBLE_TIMELINE_SECTIONS_KEY,
  writeScrollPosition,
  writeTimelineBannerCollapsed,
  writeVisibleTimelineSections,
} from './persisted-state';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: (key: string) => values.get(key) ?? null,
    set: (key: string, value: string) => void values.set(key, value),
    remove: (key: string) => void values.delete(key),
    isAvailable: () => true,
  };
}

describe('persisted UI state (docs/product.md#data, docs/product.md#validation)', () => {
  it.each([
    ['missing', undefined, null],
    ['valid pair', '[0, 1200.5]', { x: 0, y: 1200.5 }],
    ['negative number', '[0, -1]', null],
    ['one number', '[10]', null],
    ['three numbers', '[1, 2, 3]', null],
    ['strings', '["1", "2"]', null],
    ['not JSON', 'abc', null],
    ['an object', '{"x":1,"y":2}', null],
  ])('scroll position %s', (_name, raw, expected) => {
    const storage = memoryStorage(raw === undefined ? {} : { [SCROLL_POSITION_KEY]: raw });
    expect(readScrollPosition(storage)).toEqual(expected);
  });

  it('writes only valid scroll positions', () => {
    const storage = memoryStorage();
    writeScrollPosition(storage, { x: -5, y: 10 });
    expect(storage.values.has(SCROLL_POSITION_KEY)).toBe(false);
    writeScrollPosition(storage, { x: 0, y: 640 });
    expect(readScrollPosition(storage)).toEqual({ x: 0, y: 640 });
  });

  it.each([
    ['missing', undefined, []],
    ['valid keys', '["2024-3","1970-1"]', ['2024-3', '1970-1']],
    ['month 13 is not a section', '["2024-13"]', []],
    ['padded month is not a key', '["2024-03"]', []],
    ['not an array', '"2024-3"', []],
  ])('visible sections %s', (_name, raw, expected) => {
    const storage = memoryStorage(
      raw === undefined ? {} : { [VISIBLE_TIMELINE_SECTIONS_KEY]: raw },
    );
    expect(readVisibleTimelineSections(storage)).toEqual(expected);
  });

  it('round-trips visible sections', () => {
    const storage = memoryStorage();
    writeVisibleTimelineSections(storage, ['2020-12', '2020-11']);
    expect(readVisibleTimelineSections(storage)).toEqual(['2020-12', '2020-11']);
  });

  it('keeps the timeline banner collapsed per user, and reads a broken value as not collapsed', () => {
    const storage = memoryStorage();
    expect(readTimelineBannerCollapsed(storage, 'user-a')).toBe(false);
    writeTimelineBannerCollapsed(storage, 'user-a', true);
    expect(readTimelineBannerCollapsed(storage, 'user-a')).toBe(true);
    expect(readTimelineBannerCollapsed(storage, 'user-b')).toBe(false);
    writeTimelineBannerCollapsed(storage, 'user-b', true);
    writeTimelineBannerCollapsed(storage, 'user-a', false);
    expect(readTimelineBannerCollapsed(storage, 'user-a')).toBe(false);
    expect(readTimelineBannerCollapsed(storage, 'user-b')).toBe(true);
    storage.values.set(TIMELINE_BANNER_COLLAPSED_KEY, '{"user-b":true}');
    expect(readTimelineBannerCollapsed(storage, 'user-b')).toBe(false);
  });
});
