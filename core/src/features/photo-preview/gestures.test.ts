import { describe, expect, it } from 'vitest';
import { clampZoom, isDoubleTap, swipeOutcome, toggledZoom } from './gestures';

const size = { width: 400, height: 800 };
const release = (
  movement: [number, number],
  velocity: [number, number],
  direction: [number, number],
  allowClose = true,
) => swipeOutcome({ movement, velocity, direction, size, allowClose });

describe('swipeOutcome (docs/product.md#limits: 35 %, speeds 1.5 / 0.2)', () => {
  it('moves to the next photo past 35 % of the width to the left', () => {
    expect(release([-141, 0], [0.1, 0], [-1, 0])).toBe('next');
    expect(release([-139, 0], [0.1, 0], [-1, 0])).toBeNull();
  });

  it('moves to the previous photo past 35 % to the right', () => {
    expect(release([141, 5], [0.1, 0], [1, 0])).toBe('previous');
  });

  it('commits a fast flick however short, but not a slower one', () => {
    expect(release([-30, 0], [1.5, 0], [-1, 0])).toBe('next');
    expect(release([-30, 0], [1.49, 0], [-1, 0])).toBeNull();
  });

  it('cancels a long drag pulled back at 0.2 px/ms or faster, keeps a slower pull-back', () => {
    expect(release([-200, 0], [0.2, 0], [1, 0])).toBeNull();
    expect(release([-200, 0], [0.19, 0], [1, 0])).toBe('next');
  });

  it('closes on a swipe down past 35 % of the height or a fast flick down', () => {
    expect(release([0, 281], [0, 0.1], [0, 1])).toBe('close');
    expect(release([0, 279], [0, 0.1], [0, 1])).toBeNull();
    expect(release([0, 40], [0, 1.6], [0, 1])).toBe('close');
  });

  it('never closes on a swipe up, or without touch', () => {
    expect(release([0, -400], [0, 2], [0, -1])).toBeNull();
    expect(release([0, 400], [0, 2], [0, 1], false)).toBeNull();
  });
});

describe('zoom', () => {
  it('clamps to 1..2.5', () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(1.7)).toBe(1.7);
    expect(clampZoom(3)).toBe(2.5);
  });

  it('toggles between 1 and 2.5', () => {
    expect(toggledZoom(1)).toBe(2.5);
    expect(toggledZoom(1.3)).toBe(1);
    expect(toggledZoom(2.5)).toBe(1);
  });

  it('counts two taps within 200 ms as a double tap', () => {
    expect(isDoubleTap(null, 1000)).toBe(false);
    expect(isDoubleTap(1000, 1200)).toBe(true);
    expect(isDoubleTap(1000, 1201)).toBe(false);
  });
});
