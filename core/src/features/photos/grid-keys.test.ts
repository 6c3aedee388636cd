import { describe, expect, it } from 'vitest';
import { nextTile } from './grid-keys';
import type { TileBox } from './grid-keys';

/** Two sections: 6 columns × 2 rows (the second row has 3 tiles), then a 6-column row 80 px lower. */
function layout(): TileBox[] {
  const boxes: TileBox[] = [];
  const row = (top: number, count: number) => {
    for (let column = 0; column < count; column += 1)
      boxes.push({ left: column * 104, top, width: 100, height: 100 });
  };
  row(0, 6);
  row(104, 3);
  row(284, 6);
  return boxes;
}

describe('grid keyboard navigation (docs/product.md#screens)', () => {
  const boxes = layout();

  it('left and right follow reading order and stop at the ends', () => {
    expect(nextTile(boxes, 0, 'ArrowRight')).toBe(1);
    expect(nextTile(boxes, 5, 'ArrowRight')).toBe(6);
    expect(nextTile(boxes, 6, 'ArrowLeft')).toBe(5);
    expect(nextTile(boxes, 0, 'ArrowLeft')).toBeNull();
    expect(nextTile(boxes, boxes.length - 1, 'ArrowRight')).toBeNull();
  });

  it('down and up go to the same column of the next row, into the next section too', () => {
    expect(nextTile(boxes, 1, 'ArrowDown')).toBe(7);
    expect(nextTile(boxes, 7, 'ArrowUp')).toBe(1);
    expect(nextTile(boxes, 7, 'ArrowDown')).toBe(10);
    // Column 5 of the first row: the short row's nearest tile is its last (column 2).
    expect(nextTile(boxes, 5, 'ArrowDown')).toBe(8);
    expect(nextTile(boxes, 14, 'ArrowUp')).toBe(8);
    expect(nextTile(boxes, 14, 'ArrowDown')).toBeNull();
    expect(nextTile(boxes, 3, 'ArrowUp')).toBeNull();
  });

  it('Home and End go to the first and last tile; an empty page goes nowhere', () => {
    expect(nextTile(boxes, 7, 'Home')).toBe(0);
    expect(nextTile(boxes, 0, 'End')).toBe(14);
    expect(nextTile([], 0, 'ArrowDown')).toBeNull();
  });
});
