import { createSlice } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/store';
import { savedProjectsApi } from './api';

/**
 * Per project: a delete under way, one the server answered but whose card the reloaded list has
 * not dropped yet, or one that failed (docs/product.md#states saved projects).
 */
export type ProjectDeleteState = 'inProgress' | 'deleted' | 'failed';

export interface SavedProjectsState {
  deletes: Record<string, ProjectDeleteState>;
}

const initialState: SavedProjectsState = { deletes: {} };

const { deleteSavedProject, getSavedProjects } = savedProjectsApi.endpoints;

export const savedProjectsSlice = createSlice({
  name: 'savedProjects',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(deleteSavedProject.matchPending, (state, action) => {
        state.deletes[action.meta.arg.originalArgs] = 'inProgress';
      })
      // The card stays busy until the reloaded list no longer holds it: cleared with the answer,
      // it showed as a normal project, Delete button and all, until the reload came.
      .addMatcher(deleteSavedProject.matchFulfilled, (state, action) => {
        state.deletes[action.meta.arg.originalArgs] = 'deleted';
      })
      .addMatcher(deleteSavedProject.matchRejected, (state, action) => {
        state.deletes[action.meta.arg.originalArgs] = 'failed';
      })
      .addMatcher(getSavedProjects.matchFulfilled, (state, action) => {
        const listed = new Set(action.payload.projects.map((project) => project.id));
        for (const [id, value] of Object.entries(state.deletes)) {
          if (value === 'deleted' && !listed.has(id)) delete state.deletes[id];
        }
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
