import { useEffect, useSyncExternalStore } from 'react';
import { afterContentShown } from './first-content';
import { loadOnce } from './load-once';
import type * as Floating from './floating';

type FloatingModule = typeof Floating;

let floating: FloatingModule | null = null;
const listeners = new Set<() => void>();
const importFloating = loadOnce(() => import('./floating'));

/** Imports the floating widgets once; every `useFloating` re-renders when they arrive. */
export async function loadFloating(): Promise<FloatingModule> {
  const module = await importFloating();
  if (!floating) {
    floating = module;
    for (const listener of listeners) listener();
  }
  return module;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Mantine's `Menu` and `Tooltip`, or null until their chunk has loaded (after the page's main
 * content is shown, see `first-content.ts`). Until then a component renders its plain trigger,
 * which looks the same; `loadFloating()` on a click loads them at once.
 */
export function useFloating(): FloatingModule | null {
  const module = useSyncExternalStore(
    subscribe,
    () => floating,
    () => floating,
  );
  useEffect(() => {
    if (floating) return;
    afterContentShown(() => {
      loadFloating().catch((error: unknown) =>
        console.warn('Menus and tooltips not loaded', error),
      );
    });
  }, []);
  return module;
}
