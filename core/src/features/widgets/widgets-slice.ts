import { createSlice } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/store';
import { widgetsApi } from './api';

/** docs/product.md#data Request state. */
export type RequestState = 'NotRequested' | 'InProgress' | 'Finished' | 'Failed';

/** A gallery entry's four calls, each tracked on its own (docs/product.md#states Widget). */
export interface GalleryRequests {
  create: RequestState;
  read: RequestState;
  update: RequestState;
  delete: RequestState;
}

export const noGalleryRequests: GalleryRequests = {
  create: 'NotRequested',
  read: 'NotRequested',
  update: 'NotRequested',
  delete: 'NotRequested',
};

export interface WidgetsState {
  /** By widget code: a delete under way, done (until the list no longer has it) or failed. */
  deletes: Record<string, RequestState>;
  /** By widget id. */
  gallery: Record<string, GalleryRequests>;
}

const initialState: WidgetsState = { deletes: {}, gallery: {} };
const endpoints = widgetsApi.endpoints;

function track(
  state: WidgetsState,
  widgetId: string,
  call: keyof GalleryRequests,
  value: RequestState,
) {
  state.gallery[widgetId] = { ...(state.gallery[widgetId] ?? noGalleryRequests), [call]: value };
}

export const widgetsSlice = createSlice({
  name: 'widgets',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(endpoints.deleteWidget.matchPending, (state, action) => {
        state.deletes[action.meta.arg.originalArgs] = 'InProgress';
      })
      // Marked finished first; removed once the reloaded list no longer holds it.
      .addMatcher(endpoints.deleteWidget.matchFulfilled, (state, action) => {
        state.deletes[action.meta.arg.originalArgs] = 'Finished';
      })
      .addMatcher(endpoints.deleteWidget.matchRejected, (state, action) => {
        state.deletes[action.meta.arg.originalArgs] = 'Failed';
      })
      .addMatcher(endpoints.getWidgets.matchFulfilled, (state, action) => {
        const listed = new Set(action.payload.widgets.map((widget) => widget.code));
        for (const [code, value] of Object.entries(state.deletes)) {
          if (value === 'Finished' && !listed.has(code)) delete state.deletes[code];
        }
      })
      .addMatcher(endpoints.createGalleryEntry.matchPending, (state, action) => {
        track(state, action.meta.arg.originalArgs.widgetId, 'create', 'InProgress');
      })
      .addMatcher(endpoints.createGalleryEntry.matchFulfilled, (state, action) => {
        track(state, action.meta.arg.originalArgs.widgetId, 'create', 'Finished');
      })
      .addMatcher(endpoints.createGalleryEntry.matchRejected, (state, action) => {
        track(state, action.meta.arg.originalArgs.widgetId, 'create', 'Failed');
      })
      .addMatcher(endpoints.getGalleryEntry.matchPending, (state, action) => {
        track(state, action.meta.arg.originalArgs.id, 'read', 'InProgress');
      })
      .addMatcher(endpoints.getGalleryEntry.matchFulfilled, (state, action) => {
        // Keyed by the entry's widget from here on (the read asked by entry id).
        delete state.gallery[action.meta.arg.originalArgs.id];
        track(state, action.payload.widgetId, 'read', 'Finished');
      })
      .addMatcher(endpoints.getGalleryEntry.matchRejected, (state, action) => {
        track(state, action.meta.arg.originalArgs.id, 'read', 'Failed');
      })
      .addMatcher(endpoints.updateGalleryEntry.matchPending, (state, action) => {
        track(state, action.meta.arg.originalArgs.widgetId, 'update', 'InProgress');
      })
      // A successful update returns to not requested (docs/product.md#states Widget).
      .addMatcher(endpoints.updateGalleryEntry.matchFulfilled, (state, action) => {
        track(state, action.meta.arg.originalArgs.widgetId, 'update', 'NotRequested');
      })
      .addMatcher(endpoints.updateGalleryEntry.matchRejected, (state, action) => {
        track(state, action.meta.arg.originalArgs.widgetId, 'update', 'Failed');
      })
      .addMatcher(endpoints.deleteGalleryEntry.matchPending, (state, action) => {
        track(state, action.meta.arg.originalArgs.widgetId, 'delete', 'InProgress');
      })
      // The entry is gone: its states start again.
      .addMatcher(endpoints.deleteGalleryEntry.matchFulfilled, (state, action) => {
        state.gallery[action.meta.arg.originalArgs.widgetId] = noGalleryRequests;
      })
      .addMatcher(endpoints.deleteGalleryEntry.matchRejected, (state, action) => {
        track(state, action.meta.arg.originalArgs.widgetId, 'delete', 'Failed');
      });
  },
  selectors: {
    selectWidgetDeleteState: (state, code: string): RequestState =>
      state.deletes[code] ?? 'NotRequested',
    selectGalleryRequests: (state, widgetId: string): GalleryRequests =>
      state.gallery[widgetId] ?? noGalleryRequests,
  },
});

declare module '../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof widgetsSlice> {}
}
const injected = widgetsSlice.injectInto(rootReducer);

export const { selectWidgetDeleteState, selectGalleryRequests } = injected.selectors;
