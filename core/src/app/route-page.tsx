import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOnce } from '../ui/load-once';
import { LoadingScreen } from '../ui/loading-screen';

/** A route's page component, loaded with its route, and how to start loading it early. */
export type RoutePage = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * Route-level code splitting: each page is its own chunk, loaded when its route first renders
 * (or earlier, through `preload`). Not `React.lazy`: React holds back the reveal of a page that
 * suspended for up to 300 ms after its loading screen was shown (Suspense's reveal throttle), so
 * a page whose chunk was already on its way (the server's modulepreload links, docs/architecture.md
 * "Boot") still appeared 250–300 ms late. Here the page replaces the loading screen with an
 * ordinary state update the moment its module is in, and a page loaded before renders at once,
 * with no loading screen at all. A navigation to a page not loaded yet shows the loading screen
 * until it is (a lazy page kept the one before on screen meanwhile). A chunk that fails to load
 * fails the render, as a lazy one did, and is asked for again the next time.
 */
export function routePage<T extends Record<string, unknown>>(
  load: () => Promise<T>,
  name: keyof T & string,
): RoutePage {
  // A chunk may fail once on a flaky network: the next render (or navigation) asks again.
  const preload = loadOnce(() => load().then((module) => module[name] as ComponentType));

  function Page() {
    const { t } = useTranslation();
    const [Component, setComponent] = useState(() => preload.loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Component) return;
      let live = true;
      preload().then(
        (page) => {
          if (live) setComponent(() => page);
        },
        (error: unknown) => {
          if (live) setFailure({ error });
        },
      );
      return () => {
        live = false;
      };
    }, [Component]);
    if (failure) throw failure.error;
    if (Component) return <Component />;
    return <LoadingScreen label={t('common.loading')} />;
  }
  return Object.assign(Page, { preload });
}
