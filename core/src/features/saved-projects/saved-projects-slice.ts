import { createSlice } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/store';
import { savedProjectsApi } from './api';

/** Per project: a delete under way, or one that failed (docs/product.md#states saved projects). */
export type ProjectDeleteState = 'inProgress' | 'failed';

export interface SavedProjectsState {
  deletes: Record<string, ProjectDeleteState>;
}

const initialState: SavedProjectsState = { deletes: {} };

const { deleteSavedProject } = savedProjectsApi.endpoints;

export const savedProjectsSlice = createSlice({
  name: 'savedProjects',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(deleteSavedProject.matchPending, (state, action) => {
        state.deletes[action.meta.arg.originalArgs] = 'inProgress';
      })
      .addMatcher(deleteSavedProject.matchFulfilled, (state, action) => {
        delete state.deletes[action.meta.arg.originalArgs];
      })
      .addMatcher(deleteSavedProject.matchRejected, (state, action) => {
        state.deletes[action.meta.arg.originalArgs] = 'failed';
      });
  },
  selectors: {
    selectProjectDeleteState: (state, id: string): ProjectDeleteState | undefined =>
      state.deletes[id],
  },
});

declare module '../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof savedProjectsSlice> {}
}
const injected = savedProjectsSlice.injectInto(rootReducer);

export const { selectProjectDeleteState } = injected.selectors;
