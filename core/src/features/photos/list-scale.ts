/**
 * Scaled scrolling for lists taller than a browser lays out (docs/architecture.md, the photo
 * lists): Chromium caps an element's height near 2^25 px (33.5 M), Firefox near 17.9 M, so a
 * million photos in rows of 5 (about 40 M px) cannot be one tall box. Above `MAX_LIST_HEIGHT` the
 * list's box is that high and the window's scroll position maps proportionally onto the list's
 * full ("virtual") height: the top of the box is the top of the list, its last screen the last
 * rows. Below it the mapping is the identity and nothing changes.
 */

/** The tallest list box the app makes: under every browser's cap, with room for the page. */
export const MAX_LIST_HEIGHT = 10_000_000;

export interface ListScale {
  /** The list's top in the document (px); above it the page scrolls 1:1. */
  margin: number;
  /** Virtual px per real px of scrolling inside the list (1: not scaled). */
  factor: number;
}

export const UNSCALED: ListScale = { margin: 0, factor: 1 };

/** The real height of a list of `virtualHeight` px. */
export function realListHeight(virtualHeight: number): number {
  return Math.min(virtualHeight, MAX_LIST_HEIGHT);
}

/**
 * The scale of a list of `virtualHeight` px on a screen `viewport` px high, with `below` px of
 * page under it: at the page's end the list's last row sits right above what follows it, as it
 * would unscaled.
 */
export function listScale(
  virtualHeight: number,
  viewport: number,
  margin: number,
  below = 0,
): ListScale {
  const real = realListHeight(virtualHeight);
  if (virtualHeight <= real || real <= viewport) return { margin, factor: 1 };
  return { margin, factor: (virtualHeight - viewport + below) / (real - viewport + below) };
}

/** Window scroll position (document px) → the list's virtual offset. */
export function toVirtualOffset(real: number, { margin, factor }: ListScale): number {
  return real <= margin ? real : margin + (real - margin) * factor;
}

/** The list's virtual offset → window scroll position (document px). */
export function toRealOffset(virtual: number, { margin, factor }: ListScale): number {
  return virtual <= margin ? virtual : margin + (virtual - margin) / factor;
}
