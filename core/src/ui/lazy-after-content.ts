import { createElement, lazy, useState } from 'react';
import type { ComponentProps, ComponentType } from 'react';
import { afterContentShown } from './first-content';
import { loadOnce } from './load-once';

/**
 * A lazily loaded component for parts a page shows only after an interaction (select mode's
 * bars, an edit form): their code is fetched once the page's main content is shown (see
 * `first-content.ts`), so it is there by the time it is wanted without delaying the first paint.
 *
 * Once the code is in, a new instance renders it at once. Through `React.lazy` alone the first
 * render of each part would still suspend (a promise never reads as settled synchronously), and
 * React holds a suspended part back for up to 300 ms after its fallback showed: the click would
 * wait for nothing. Before the code is in (a click right after the first paint) the part
 * suspends as a lazy one does, and a failed load throws in the render as a lazy one's does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyAfterContent<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const loadComponent = loadOnce(load);
  afterContentShown(() => {
    loadComponent().catch((error: unknown) => console.warn('Deferred component not loaded', error));
  });
  const Lazy = lazy(loadComponent);
  return function AfterContent(props: ComponentProps<T>) {
    // Chosen once per instance: switching from the lazy wrapper to the component would remount it.
    const [chosen] = useState(() => ({
      Component: (loadComponent.loaded?.default ?? Lazy) as ComponentType<ComponentProps<T>>,
    }));
    return createElement(chosen.Component, props);
  };
}
