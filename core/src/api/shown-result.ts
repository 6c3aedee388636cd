/** The fields of an RTK Query result a screen shows. */
export interface ShownResult<Data> {
  data: Data | undefined;
  error: unknown;
  isError: boolean;
  isSuccess: boolean;
  isLoading: boolean;
  isFetching: boolean;
}

interface QueryResultFields<Data> {
  data?: Data;
  error?: unknown;
  isUninitialized: boolean;
  isError: boolean;
  isSuccess: boolean;
  isLoading: boolean;
  isFetching: boolean;
}

/**
 * `selectFromResult` for a query a screen starts when it mounts (never skipped): its data, its
 * error and whether it loads, without the request's bookkeeping. The query starts in the
 * screen's first effects; the result then gains a request id and a start time and nothing the
 * screen shows changes, but with the whole result selected React renders the screen again for
 * nothing (docs/architecture.md "Boot"). A query not started yet reads as loading, as RTK
 * Query's own selector (which this one replaces) shows it.
 */
export function shownResult<Data>(result: QueryResultFields<Data>): ShownResult<Data> {
  const starting = result.isUninitialized;
  return {
    data: result.data,
    error: result.error,
    isError: result.isError,
    isSuccess: result.isSuccess,
    isLoading: starting ? result.data === undefined : result.isLoading,
    isFetching: starting || result.isFetching,
  };
}
