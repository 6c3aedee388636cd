import {
  allDeselected,
  allSelected,
  isMonthSelected,
  isPhotoSelected,
  librarySelected,
  monthToggled,
  selectionCount,
  initialSelectionState,
  orderPrintsModeStarted,
  photoToggled,
  photosRemoved,
  rangeBetween,
  rangeSelected,
  selectModeStarted,
  selectionSlice,
  selectionStopped,
} from './selection-slice';
import type { SelectionState } from './selection-slice';

const reduce = selectionSlice.reducer;
const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const state = (overrides: Partial<SelectionState>): SelectionState => ({
  ...initialSelectionState,
  ...overrides,
});

describe('selection rules (docs/product.md#states "Selection mode")', () => {
  it.each([
    [
      'starting select mode clears any selection',
      state({ mode: 'off', selectedIds: ['a'] }),
      selectModeStarted(),
      'select',
      [],
    ],
    [
      'stopping clears the selection',
      state({ mode: 'select', selectedIds: ['a', 'b'] }),
      selectionStopped(),
      'off',
      [],
    ],
    [
      'stopping order-prints mode resets it',
      state({ mode: 'orderPrints', selectedIds: ['a'] }),
      selectionStopped(),
      'off',
      [],
    ],
    [
      'order-prints mode starts empty',
      state({ mode: 'select', selectedIds: ['a'] }),
      orderPrintsModeStarted(),
      'orderPrints',
      [],
    ],
    [
      'toggle selects an unselected photo',
      state({ mode: 'select' }),
      photoToggled('c'),
      'select',
      ['c'],
    ],
    [
      'toggle deselects a selected photo',
      state({ mode: 'select', selectedIds: ['c', 'd'] }),
      photoToggled('c'),
      'select',
      ['d'],
    ],
    ['toggling outside select mode enters it', state({}), photoToggled('a'), 'select', ['a']],
    [
      'select all adds every loaded photo once',
      state({ mode: 'select', selectedIds: ['b'] }),
      allSelected(ids),
      'select',
      ['b', 'a', 'c', 'd', 'e', 'f'],
    ],
    [
      'deselect all keeps select mode',
      state({ mode: 'select', selectedIds: ['a', 'b'] }),
      allDeselected(),
      'select',
      [],
    ],
    [
      'deleted photos leave the selection',
      state({ mode: 'select', selectedIds: ['a', 'b', 'c'] }),
      photosRemoved(['b']),
      'select',
      ['a', 'c'],
    ],
    [
      'order-prints toggles stay in order-prints mode',
      state({ mode: 'orderPrints' }),
      photoToggled('a'),
      'orderPrints',
      ['a'],
    ],
  ])('%s', (_name, before, action, mode, selected) => {
    const after = reduce(before, action);
    expect(after.mode).toBe(mode);
    expect(after.selectedIds).toEqual(selected);
  });

  it.each([
    ['forwards from the anchor', 'b', 'e', ['b', 'c', 'd', 'e']],
    ['backwards from the anchor', 'e', 'b', ['b', 'c', 'd', 'e']],
    ['to itself', 'c', 'c', ['c']],
    ['without an anchor: just the clicked photo', null, 'd', ['d']],
    ['anchor no longer listed: just the clicked photo', 'zz', 'd', ['d']],
    ['clicked photo not listed: nothing', 'a', 'zz', []],
  ])('range %s', (_name, from, to, expected) => {
    expect(rangeBetween(ids, from, to)).toEqual(expected);
  });

  it('shift-click extends from the last plainly clicked photo and keeps earlier picks', () => {
    let s = reduce(state({ mode: 'select' }), photoToggled('f'));
    s = reduce(s, photoToggled('b'));
    s = reduce(s, rangeSelected({ orderedIds: ids, toId: 'd' }));
    expect(s.selectedIds).toEqual(['f', 'b', 'c', 'd']);
    expect(s.anchorId).toBe('b');
    // A second shift-click re-extends from the same anchor.
    s = reduce(s, rangeSelected({ orderedIds: ids, toId: 'a' }));
    expect(s.selectedIds).toEqual(['f', 'b', 'c', 'd', 'a']);
  });
});

describe('whole months and the whole library, loaded or not (docs/product.md#states)', () => {
  const loaded = ['m1', 'm2', 'm3'];
  const july = { key: '2024-7', count: 69, loadedIds: loaded };

  it('a month’s button selects all 69 of its photos while 3 are loaded, and deselects them', () => {
    let s = reduce(state({ mode: 'select', selectedIds: ['m2', 'x'] }), monthToggled(july));
    expect(selectionCount(s)).toBe(70);
    expect(isMonthSelected(s, july)).toBe(true);
    expect(isPhotoSelected(s, 'not-loaded-yet', '2024-7')).toBe(true);
    expect(isPhotoSelected(s, 'elsewhere', '2024-6')).toBe(false);
    s = reduce(s, monthToggled(july));
    expect(selectionCount(s)).toBe(1);
    expect(s.selectedIds).toEqual(['x']);
  });

  it('a photo taken out of a picked month lowers the count and unticks the month', () => {
    let s = reduce(state({ mode: 'select' }), monthToggled(july));
    s = reduce(s, photoToggled({ id: 'm1', month: '2024-7' }));
    expect(selectionCount(s)).toBe(68);
    expect(isPhotoSelected(s, 'm1', '2024-7')).toBe(false);
    expect(isMonthSelected(s, july)).toBe(false);
    // Its button then picks the whole month again.
    s = reduce(s, monthToggled(july));
    expect(selectionCount(s)).toBe(69);
    s = reduce(s, photoToggled({ id: 'm1', month: '2024-7' }));
    s = reduce(s, photoToggled({ id: 'm1', month: '2024-7' }));
    expect(selectionCount(s)).toBe(69);
  });

  it('a month picked one photo at a time counts as selected only when all are loaded', () => {
    const small = { key: '2020-2', count: 2, loadedIds: ['p', 'q'] };
    let s = reduce(state({ mode: 'select' }), photoToggled('p'));
    s = reduce(s, photoToggled('q'));
    expect(isMonthSelected(s, small)).toBe(true);
    expect(isMonthSelected(s, { ...small, count: 3 })).toBe(false);
    s = reduce(s, monthToggled(small));
    expect(selectionCount(s)).toBe(0);
  });

  it('select all holds the library’s count; months and photos can be taken out of it', () => {
    let s = reduce(state({ mode: 'select', selectedIds: ['a'] }), librarySelected(3017));
    expect(selectionCount(s)).toBe(3017);
    expect(s.selectedIds).toEqual([]);
    expect(isPhotoSelected(s, 'anything')).toBe(true);
    s = reduce(s, monthToggled(july));
    expect(selectionCount(s)).toBe(3017 - 69);
    expect(isPhotoSelected(s, 'm1', '2024-7')).toBe(false);
    s = reduce(s, photoToggled({ id: 'z', month: '2019-1' }));
    expect(selectionCount(s)).toBe(3017 - 70);
    s = reduce(s, monthToggled(july));
    expect(selectionCount(s)).toBe(3016);
    s = reduce(s, allDeselected());
    expect(selectionCount(s)).toBe(0);
    expect(s.mode).toBe('select');
  });
});
