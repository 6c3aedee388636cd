import { lazy } from 'react';
import type { ComponentType } from 'react';
import { afterContentShown } from './first-content';

/**
 * `React.lazy` for parts a page shows only after an interaction (select mode's bars): their
 * code is fetched once the page's main content is shown (see `first-content.ts`), so it is
 * there by the time it is wanted without delaying the first paint.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyAfterContent<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // let a later render try again
      throw error;
    });
    return loading;
  };
  afterContentShown(() => {
    loadOnce().catch((error: unknown) => console.warn('Deferred component not loaded', error));
  });
  return lazy(loadOnce);
}
