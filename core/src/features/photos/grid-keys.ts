import { useSyncExternalStore } from 'react';

/**
 * Keyboard navigation of the photo grids (docs/product.md#screens): one tile of the page is the
 * tab stop (roving tabindex); the arrow keys move between tiles across rows and month sections,
 * Home and End go to the first and last tile rendered.
 */

export interface TileBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

export function isGridKey(key: string): key is GridKey {
  return ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(key);
}

/**
 * The tile a key moves to from `current`, among `boxes` in reading order (the DOM order of the
 * tiles), or null at an edge. Left and right follow reading order, so they wrap between rows;
 * up and down go to the nearest row above or below and there to the tile nearest in x.
 */
export function nextTile(boxes: readonly TileBox[], current: number, key: GridKey): number | null {
  if (boxes.length === 0) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return boxes.length - 1;
  if (key === 'ArrowLeft') return current > 0 ? current - 1 : null;
  if (key === 'ArrowRight') return current < boxes.length - 1 ? current + 1 : null;
  const from = boxes[current];
  if (!from) return null;
  const centre = (box: TileBox) => box.left + box.width / 2;
  const down = key === 'ArrowDown';
  // Half a tile of tolerance: tiles of one row share their top.
  const tolerance = from.height / 2;
  let rowTop: number | null = null;
  for (const box of boxes) {
    const beyond = down ? box.top > from.top + tolerance : box.top < from.top - tolerance;
    if (!beyond) continue;
    if (rowTop === null || (down ? box.top < rowTop : box.top > rowTop)) rowTop = box.top;
  }
  if (rowTop === null) return null;
  let best: number | null = null;
  let bestDistance = Infinity;
  boxes.forEach((box, index) => {
    if (Math.abs(box.top - rowTop) > tolerance) return;
    const distance = Math.abs(centre(box) - centre(from));
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** The button of every photo tile rendered on the page, in reading order. */
function tileButtons(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-photo-id] > button:first-child')];
}

/**
 * Moves focus for an arrow, Home or End key pressed on a tile's button; true when it handled
 * the key (the caller prevents the page from scrolling).
 */
export function moveTileFocus(from: HTMLElement, key: GridKey): boolean {
  const buttons = tileButtons();
  const current = buttons.indexOf(from);
  if (current < 0) return false;
  const boxes = buttons.map((button) => {
    const rect = button.getBoundingClientRect();
    return { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
  });
  const target = nextTile(boxes, current, key);
  if (target === null) return false;
  const button = buttons[target]!;
  const id = button.parentElement?.dataset.photoId;
  if (id) setTabStopTile(id);
  button.focus();
  return true;
}

// The tab stop: the tile last focused; none yet (or it left the page) makes each grid's first
// tile a tab stop, so the grids can be reached at all.
let tabStopId: string | null = null;
const listeners = new Set<() => void>();

export function setTabStopTile(id: string | null): void {
  if (tabStopId === id) return;
  tabStopId = id;
  for (const listener of listeners) listener();
}

/** A tile that unmounts gives up the tab stop. */
export function releaseTabStopTile(id: string): void {
  if (tabStopId === id) setTabStopTile(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the tile `id` is reached by Tab (tabindex 0) rather than only by the arrow keys. */
export function useIsTabStop(id: string, firstOfGrid: boolean): boolean {
  const read = () => tabStopId === id || (tabStopId === null && firstOfGrid);
  return useSyncExternalStore(subscribe, read, read);
}
