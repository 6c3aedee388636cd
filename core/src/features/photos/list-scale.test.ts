import {
  MAX_LIST_HEIGHT,
  listScale,
  realListHeight,
  toRealOffset,
  toVirtualOffset,
} from './list-scale';

describe('scaled scrolling of lists taller than the browser lays out', () => {
  it('leaves lists under the cap alone', () => {
    const scale = listScale(2_000_000, 800, 300);
    expect(scale.factor).toBe(1);
    expect(realListHeight(2_000_000)).toBe(2_000_000);
    expect(toVirtualOffset(123_456, scale)).toBe(123_456);
    expect(toRealOffset(123_456, scale)).toBe(123_456);
  });

  it('caps the box and maps its first and last screens onto the list’s first and last', () => {
    // A million photos in rows of 5 at 205 px.
    const virtual = 200_000 * 205;
    const scale = listScale(virtual, 800, 300);
    expect(realListHeight(virtual)).toBe(MAX_LIST_HEIGHT);
    // The page above the list scrolls 1:1.
    expect(toVirtualOffset(100, scale)).toBe(100);
    expect(toVirtualOffset(300, scale)).toBe(300);
    // The box's last screen is the list's last screen.
    const lastReal = 300 + MAX_LIST_HEIGHT - 800;
    expect(toVirtualOffset(lastReal, scale)).toBeCloseTo(300 + virtual - 800, 3);
    // Halfway down the box is halfway down the list, and the mapping goes both ways.
    const middle = toVirtualOffset(300 + (MAX_LIST_HEIGHT - 800) / 2, scale);
    expect(middle).toBeCloseTo(300 + (virtual - 800) / 2, 3);
    expect(toRealOffset(middle, scale)).toBeCloseTo(300 + (MAX_LIST_HEIGHT - 800) / 2, 3);
  });

  it('with page below the list, its end lands right above that page at the bottom', () => {
    const virtual = 200_000 * 157;
    const below = 230;
    const scale = listScale(virtual, 800, 300, below);
    // The window's last position: the box and the page below it end with the screen.
    const lastReal = 300 + MAX_LIST_HEIGHT + below - 800;
    const virtualTop = toVirtualOffset(lastReal, scale);
    // The list's end (300 + virtual) is on screen where the box ends: 800 - below.
    expect(300 + virtual - virtualTop).toBeCloseTo(800 - below, 3);
  });
});
