import { lazy } from 'react';
import type { ComponentType } from 'react';
import { afterContentShown } from './first-content';
import { loadOnce } from './load-once';

/**
 * `React.lazy` for parts a page shows only after an interaction (select mode's bars): their
 * code is fetched once the page's main content is shown (see `first-content.ts`), so it is
 * there by the time it is wanted without delaying the first paint.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyAfterContent<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
) {
  const loadComponent = loadOnce(load);
  afterContentShown(() => {
    loadComponent().catch((error: unknown) => console.warn('Deferred component not loaded', error));
  });
  return lazy(loadComponent);
}
