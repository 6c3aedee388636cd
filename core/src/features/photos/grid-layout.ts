/**
 * The one photo-grid layout of every view (timeline, flat list, album, shared album): columns
 * from the screen's breakpoint (docs/product.md#limits), square tiles sized to the container.
 */

/** docs/product.md#limits breakpoints. */
export type Breakpoint = 'small' | 'medium' | 'large' | 'xl';

export function breakpointForWidth(width: number): Breakpoint {
  if (width < 575) return 'small';
  if (width < 1024) return 'medium';
  if (width < 1280) return 'large';
  return 'xl';
}

export interface GridLayout {
  columns: number;
  /** Square tile edge in px. */
  tileSize: number;
  gap: number;
}

const COLUMNS: Record<Breakpoint, number> = { small: 3, medium: 4, large: 5, xl: 6 };
export const GRID_GAP = 4;

export function gridLayout(containerWidth: number, breakpoint: Breakpoint): GridLayout {
  const columns = COLUMNS[breakpoint];
  const width = Math.max(containerWidth, columns);
  const tileSize = Math.floor((width - (columns - 1) * GRID_GAP) / columns);
  return { columns, tileSize, gap: GRID_GAP };
}

/** Height of `tiles` square tiles laid out in rows. */
export function gridHeight(tiles: number, layout: GridLayout): number {
  if (tiles <= 0) return 0;
  const rows = Math.ceil(tiles / layout.columns);
  return rows * layout.tileSize + (rows - 1) * layout.gap;
}
