/**
 * `load` shared by every caller until it succeeds; after a failure (a network blip while
 * fetching a chunk) the next call tries again instead of repeating the old error.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}
