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
  /** Photos picked one by one (outside any picked month), in the order they were picked. */
  selectedIds: string[];
  /** Photos taken out one by one from a picked month or from "every photo". */
  excludedIds: string[];
  /** The month (`yyyy-m`) of photos in `selectedIds` / `excludedIds`, where known. */
  monthOf: Record<string, string>;
  /** Months picked whole by their select-all button, with their photo count (while `all` is null). */
  months: Record<string, number>;
  /** 'Select all' of the library: its photo count then; null when not picked. */
  all: number | null;
  /** Months taken out whole from "every photo", with their photo count. */
  exceptMonths: Record<string, number>;
  /** Last photo toggled by a plain click: the anchor of a shift-click range. */
  anchorId: string | null;
}

export const initialSelectionState: SelectionState = {
  mode: 'off',
  selectedIds: [],
  excludedIds: [],
  monthOf: {},
  months: {},
  all: null,
  exceptMonths: {},
  anchorId: null,
};

/*
 * A selection may hold whole months and the whole library without knowing their photos' ids
 * (a month of 69 shows 24 until scrolled; a library of thousands is never loaded at once):
 * picked months or "every photo" with their counts, minus photos and months taken out, plus
 * photos picked one by one. The count is exact from the counts; the ids are asked for only when
 * an action needs them (`resolve-selection.ts`).
 */

/** Whether a photo of `month` (undefined: a list without months) is inside a picked group. */
function groupCovers(state: SelectionState, month: string | undefined): boolean {
  if (state.all !== null) return month === undefined || state.exceptMonths[month] === undefined;
  return month !== undefined && state.months[month] !== undefined;
}

/** Whether the photo is selected; `month` is the month section it is shown in, if any. */
export function isPhotoSelected(state: SelectionState, id: string, month?: string): boolean {
  if (state.selectedIds.includes(id)) return true;
  return groupCovers(state, month ?? state.monthOf[id]) && !state.excludedIds.includes(id);
}

/** How many photos are selected, exactly, whether loaded or not. */
export function selectionCount(state: SelectionState): number {
  const sum = (counts: Record<string, number>) =>
    Object.values(counts).reduce((total, count) => total + count, 0);
  const groups = state.all !== null ? state.all - sum(state.exceptMonths) : sum(state.months);
  return Math.max(0, groups - state.excludedIds.length + state.selectedIds.length);
}

/** True when the selection holds a month or the library as a whole: its ids must be fetched. */
export function hasGroups(state: SelectionState): boolean {
  return state.all !== null || Object.keys(state.months).length > 0;
}

export interface MonthRef {
  /** `yyyy-m` (`monthSectionKey`). */
  key: string;
  /** Photos in the month (the timeline's count). */
  count: number;
  /** Ids of its photos loaded now. */
  loadedIds: readonly string[];
}

/** Whether every photo of the month is selected (as a picked month, or one by one when all are loaded). */
export function isMonthSelected(state: SelectionState, month: MonthRef): boolean {
  if (month.count === 0) return false;
  if (groupCovers(state, month.key)) {
    return !state.excludedIds.some(
      (id) => state.monthOf[id] === month.key || month.loadedIds.includes(id),
    );
  }
  return (
    month.loadedIds.length >= month.count &&
    month.loadedIds.every((id) => state.selectedIds.includes(id))
  );
}

/** Forgets the one-by-one picks and exclusions of a month (it is now picked or dropped whole). */
function clearMonthPicks(state: SelectionState, month: MonthRef) {
  const loaded = new Set(month.loadedIds);
  const inMonth = (id: string) => loaded.has(id) || state.monthOf[id] === month.key;
  state.selectedIds = state.selectedIds.filter((id) => !inMonth(id));
  state.excludedIds = state.excludedIds.filter((id) => !inMonth(id));
  for (const id of Object.keys(state.monthOf)) if (inMonth(id)) delete state.monthOf[id];
}

function addAll(state: SelectionState, ids: readonly string[]) {
  const present = new Set(state.selectedIds);
  const excluded = new Set(state.excludedIds);
  for (const id of ids) {
    if (excluded.has(id)) {
      excluded.delete(id);
    } else if (!present.has(id) && !groupCovers(state, state.monthOf[id])) {
      present.add(id);
      state.selectedIds.push(id);
    }
  }
  state.excludedIds = state.excludedIds.filter((id) => excluded.has(id));
}

function removeAll(state: SelectionState, ids: readonly string[]) {
  const remove = new Set(ids);
  state.selectedIds = state.selectedIds.filter((id) => !remove.has(id));
  state.excludedIds = state.excludedIds.filter((id) => !remove.has(id));
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

/** A photo and, in the timeline, the month section it is shown in. */
export type PhotoRef = string | { id: string; month?: string };

const refOf = (ref: PhotoRef) => (typeof ref === 'string' ? { id: ref } : ref);

export const selectionSlice = createSlice({
  name: 'selection',
  initialState: initialSelectionState,
  reducers: {
    selectModeStarted() {
      return { ...initialSelectionState, mode: 'select' as const };
    },
    orderPrintsModeStarted() {
      return { ...initialSelectionState, mode: 'orderPrints' as const };
    },
    /** Cancel, Escape, after a delete/download hand-off: both modes stop and the selection clears. */
    selectionStopped() {
      return initialSelectionState;
    },
    photoToggled(state, action: PayloadAction<PhotoRef>) {
      const { id, month } = refOf(action.payload);
      if (state.mode === 'off') state.mode = 'select';
      if (month !== undefined) state.monthOf[id] = month;
      if (state.selectedIds.includes(id)) {
        state.selectedIds = state.selectedIds.filter((other) => other !== id);
      } else if (state.excludedIds.includes(id)) {
        state.excludedIds = state.excludedIds.filter((other) => other !== id);
      } else if (groupCovers(state, month ?? state.monthOf[id])) {
        state.excludedIds.push(id);
      } else {
        state.selectedIds.push(id);
      }
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
    /**
     * A month's select-all button: all of the month, loaded or not; when all of it is selected
     * already, none of it.
     */
    monthToggled(state, action: PayloadAction<MonthRef>) {
      const month = action.payload;
      if (month.count === 0) return;
      if (state.mode === 'off') state.mode = 'select';
      const selected = isMonthSelected(state, month);
      clearMonthPicks(state, month);
      if (state.all !== null) {
        if (selected) state.exceptMonths[month.key] = month.count;
        else delete state.exceptMonths[month.key];
      } else if (selected) {
        delete state.months[month.key];
      } else {
        state.months[month.key] = month.count;
      }
      for (const id of month.loadedIds) state.monthOf[id] = month.key;
    },
    /** The library's 'Select all' and Ctrl/Cmd+A: every photo, `count` of them, loaded or not. */
    librarySelected(state, action: PayloadAction<number>) {
      return {
        ...initialSelectionState,
        mode: state.mode === 'off' ? 'select' : state.mode,
        all: Math.max(0, action.payload),
      };
    },
    /** 'Select all' of a list that is loaded whole (an album): these photos. */
    allSelected(state, action: PayloadAction<readonly string[]>) {
      if (state.mode === 'off') state.mode = 'select';
      addAll(state, action.payload);
    },
    /** Header 'Deselect all': the mode stays on. */
    allDeselected(state) {
      return { ...initialSelectionState, mode: state.mode };
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
  monthToggled,
  librarySelected,
  allSelected,
  allDeselected,
  photosRemoved,
} = selectionSlice.actions;

export const selectSelection = (state: RootState): SelectionState => injected.selectSlice(state);
export const selectSelectionMode = (state: RootState): SelectionMode =>
  injected.selectSlice(state).mode;
/** The photos picked one by one (all of a selection without picked months or library). */
export const selectSelectedIds = (state: RootState): string[] =>
  injected.selectSlice(state).selectedIds;
export const selectSelectedCount = (state: RootState): number =>
  selectionCount(injected.selectSlice(state));
/** Set views of the id lists, memoised, so each tile's lookup is O(1) even after Ctrl+A. */
const selectLookup = createSelector(
  [(state: RootState) => injected.selectSlice(state)],
  (slice) => ({
    slice,
    selected: new Set(slice.selectedIds),
    excluded: new Set(slice.excludedIds),
  }),
);
/** Whether the photo, shown in `month` (the timeline) or in a list without months, is selected. */
export const selectIsSelected =
  (id: string, month?: string) =>
  (state: RootState): boolean => {
    const { slice, selected, excluded } = selectLookup(state);
    if (selected.has(id)) return true;
    return groupCovers(slice, month ?? slice.monthOf[id]) && !excluded.has(id);
  };
