import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api';
import type { ThunkExtra } from '../api/base-api';
import { errorReporter } from './error-reporter';

/**
 * Feature slices are injected where they are defined (`slice.injectInto(rootReducer)`), so the
 * store file never lists features and a route's slice is loaded with that route's code.
 * A feature declares its state type by augmenting this interface:
 *   declare module '../../store/store' { interface LazyLoadedSlices extends WithSlice<typeof mySlice> {} }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(baseApi).withLazyLoadedSlices<LazyLoadedSlices>();

export function createStore(extra: ThunkExtra) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } })
        .prepend(errorReporter.middleware)
        .concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
