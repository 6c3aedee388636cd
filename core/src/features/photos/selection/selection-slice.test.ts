import {
  allDeselected,
  allSelected,
  groupToggled,
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
      'group toggle selects the rest of a partly selected group',
      state({ mode: 'select', selectedIds: ['a'] }),
      groupToggled(['a', 'b', 'c']),
      'select',
      ['a', 'b', 'c'],
    ],
    [
      'group toggle deselects all when all are selected',
      state({ mode: 'select', selectedIds: ['x', 'a', 'b', 'c'] }),
      groupToggled(['a', 'b', 'c']),
      'select',
      ['x'],
    ],
    [
      'group toggle of an empty group changes nothing',
      state({ mode: 'select', selectedIds: ['a'] }),
      groupToggled([]),
      'select',
      ['a'],
    ],
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
