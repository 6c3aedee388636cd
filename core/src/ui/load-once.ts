/** A shared load (`loadOnce`), and what it loaded once it has. */
export interface LoadOnce<T> {
  (): Promise<T>;
  /** The value of the load that succeeded; undefined until one has. */
  readonly loaded: T | undefined;
}

/**
 * `load` shared by every caller until it succeeds; after a failure (a network blip while
 * fetching a chunk) the next call tries again instead of repeating the old error. What it loaded
 * stays readable synchronously (`loaded`), so a component can render it without waiting.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | null = null;
  let loaded: T | undefined;
  const once = () =>
    (loading ??= load().then(
      (value) => {
        loaded = value;
        return value;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return Object.defineProperty(once, 'loaded', { get: () => loaded }) as LoadOnce<T>;
}
