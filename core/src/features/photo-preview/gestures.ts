/** Gesture constants and decisions of the preview (docs/product.md#limits), pure so they can be tested. */

/** Zoom scale bounds. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 2.5;
/** A swipe or swipe-down commits past this share of the width / height. */
export const SWIPE_THRESHOLD = 0.35;
/** px/ms: a flick at least this fast commits however short it is. */
export const FAST_SWIPE_SPEED = 1.5;
/** px/ms: a drag past the threshold that is moving back at least this fast is cancelled. */
export const SLOW_SWIPE_SPEED = 0.2;
/** Two taps within this window toggle the zoom. */
export const DOUBLE_TAP_MS = 200;

export type SwipeOutcome = 'next' | 'previous' | 'close' | null;

/**
 * Decides what a released drag does. `movement` is the offset in px from the start, `velocity`
 * the absolute release speed in px/ms per axis, `direction` the sign of the last movement per axis
 * (as @use-gesture reports them), `size` the viewport.
 * Horizontal: next (to the left) / previous. Vertical: only downwards, and only on touch, closes.
 */
export function swipeOutcome(input: {
  movement: [number, number];
  velocity: [number, number];
  direction: [number, number];
  size: { width: number; height: number };
  allowClose: boolean;
}): SwipeOutcome {
  const [mx, my] = input.movement;
  const horizontal = Math.abs(mx) >= Math.abs(my);
  if (horizontal) {
    if (mx === 0) return null;
    const commit = commits(mx, input.velocity[0], input.direction[0], input.size.width);
    if (!commit) return null;
    return mx < 0 ? 'next' : 'previous';
  }
  if (!input.allowClose || my <= 0) return null;
  return commits(my, input.velocity[1], input.direction[1], input.size.height) ? 'close' : null;
}

function commits(movement: number, speed: number, direction: number, size: number): boolean {
  const sign = Math.sign(movement);
  const forwards = direction === 0 || Math.sign(direction) === sign;
  if (forwards && speed >= FAST_SWIPE_SPEED) return true;
  if (Math.abs(movement) < size * SWIPE_THRESHOLD) return false;
  // Past the threshold: commit unless the finger is clearly pulling back.
  return forwards || speed < SLOW_SWIPE_SPEED;
}

/** Clamp a zoom scale into the allowed range. */
export function clampZoom(scale: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/** True when a tap at `now` completes a double tap after one at `lastTap` (ms timestamps). */
export function isDoubleTap(lastTap: number | null, now: number): boolean {
  return lastTap !== null && now - lastTap <= DOUBLE_TAP_MS;
}

/** Double click / double tap: zoom in fully from 1, back to 1 from any zoom. */
export function toggledZoom(scale: number): number {
  return scale > MIN_ZOOM ? MIN_ZOOM : MAX_ZOOM;
}
