import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../store/store';
import type { RootState } from '../../../store/store';

/**
 * Which photos are selected (docs/product.md#states "Selection mode"). `mode` is off, plain select mode
 * (selection bar: download, copy, delete) or order-prints mode (its own bar). Leaving either mode
 * clears the selection.
 */
export type SelectionMode = 'off' | 'select' | 'orderPrints';

export interface SelectionState {
  mode: SelectionMode;
  /** Selected photo ids in the order they were selected (a record would lose the order). */
  selectedIds: string[];
  /** Last photo toggled by a plain click: the anchor of a shift-click range. */
  anchorId: string | null;
}

export const initialSelectionState: SelectionState = {
  mode: 'off',
  selectedIds: [],
  anchorId: null,
};

function addAll(state: SelectionState, ids: readonly string[]) {
  const present = new Set(state.selectedIds);
  for (const id of ids) {
    if (!present.has(id)) {
      present.add(id);
      state.selectedIds.push(id);
    }
  }
}

function removeAll(state: SelectionState, ids: readonly string[]) {
  const remove = new Set(ids);
  state.selectedIds = state.selectedIds.filter((id) => !remove.has(id));
}

/**
 * Ids from `fromId` to `toId` inclusive, in the list's order. When the anchor is no longer in the
 * list (deleted, list re-sorted) the range is just `toId`.
 */
export function rangeBetween(
  orderedIds: readonly string[],
  fromId: string | null,
  toId: string,
): string[] {
  const to = orderedIds.indexOf(toId);
  if (to < 0) return [];
  const from = fromId === null ? -1 : orderedIds.indexOf(fromId);
  if (from < 0) return [toId];
  const [start, end] = from <= to ? [from, to] : [to, from];
  return orderedIds.slice(start, end + 1);
}

export const selectionSlice = createSlice({
  name: 'selection',
  initialState: initialSelectionState,
  reducers: {
    selectModeStarted(state) {
      state.mode = 'select';
      state.selectedIds = [];
      state.anchorId = null;
    },
    orderPrintsModeStarted(state) {
      state.mode = 'orderPrints';
      state.selectedIds = [];
      state.anchorId = null;
    },
    /** Cancel, Escape, after a delete/download hand-off: both modes stop and the selection clears. */
    selectionStopped() {
      return initialSelectionState;
    },
    photoToggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      if (state.mode === 'off') state.mode = 'select';
      if (state.selectedIds.includes(id)) removeAll(state, [id]);
      else state.selectedIds.push(id);
      state.anchorId = id;
    },
    /**
     * Shift-click: selects every photo between the anchor and the clicked one (in the list's
     * order). The anchor stays, so a second shift-click re-extends from the same photo.
     */
    rangeSelected(state, action: PayloadAction<{ orderedIds: readonly string[]; toId: string }>) {
      if (state.mode === 'off') state.mode = 'select';
      const range = rangeBetween(action.payload.orderedIds, state.anchorId, action.payload.toId);
      addAll(state, range);
      if (state.anchorId === null || !action.payload.orderedIds.includes(state.anchorId)) {
        state.anchorId = action.payload.toId;
      }
    },
    /** A month's select-all button: deselects the group when all of it is selected, else selects all of it. */
    groupToggled(state, action: PayloadAction<readonly string[]>) {
      const ids = action.payload;
      if (ids.length === 0) return;
      if (state.mode === 'off') state.mode = 'select';
      const present = new Set(state.selectedIds);
      if (ids.every((id) => present.has(id))) removeAll(state, ids);
      else addAll(state, ids);
    },
    /** Header 'Select all' and Ctrl/Cmd+A: every loaded photo. */
    allSelected(state, action: PayloadAction<readonly string[]>) {
      if (state.mode === 'off') state.mode = 'select';
      addAll(state, action.payload);
    },
    /** Header 'Deselect all': the mode stays on. */
    allDeselected(state) {
      state.selectedIds = [];
      state.anchorId = null;
    },
    /** Photos that no longer exist (deleted) leave the selection. */
    photosRemoved(state, action: PayloadAction<readonly string[]>) {
      removeAll(state, action.payload);
      if (state.anchorId !== null && action.payload.includes(state.anchorId)) state.anchorId = null;
    },
  },
});

declare module '../../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof selectionSlice> {}
}
const injected = selectionSlice.injectInto(rootReducer);

export const {
  selectModeStarted,
  orderPrintsModeStarted,
  selectionStopped,
  photoToggled,
  rangeSelected,
  groupToggled,
  allSelected,
  allDeselected,
  photosRemoved,
} = selectionSlice.actions;

export const selectSelection = (state: RootState): SelectionState => injected.selectSlice(state);
export const selectSelectionMode = (state: RootState): SelectionMode =>
  injected.selectSlice(state).mode;
export const selectSelectedIds = (state: RootState): string[] =>
  injected.selectSlice(state).selectedIds;
export const selectSelectedCount = (state: RootState): number =>
  injected.selectSlice(state).selectedIds.length;
/** A Set view of the selection, memoised, so each tile's lookup is O(1) even after Ctrl+A. */
export const selectSelectedSet = createSelector([selectSelectedIds], (ids) => new Set(ids));
export const selectIsSelected =
  (id: string) =>
  (state: RootState): boolean =>
    selectSelectedSet(state).has(id);
