import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
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

/**
 * A menu whose Mantine `Menu` arrives after the first paint (`useFloating`): until then the
 * component renders a same-looking stand-in trigger with `standInProps`. A click on the stand-in
 * loads the menu and opens it once there; keyboard focus on the stand-in moves to the real
 * trigger (`target`) when it replaces it.
 *
 * While a pointer is down on the stand-in it is not replaced: a press that began on the stand-in
 * and ended on a new element would be no click at all, and the menu would stay closed.
 */
export function useLazyMenu() {
  const loaded = useFloating();
  const [pressed, setPressed] = useState(false);
  const [opened, setOpened] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const standInFocused = useRef(false);
  const target = useRef<HTMLButtonElement>(null);
  const floating = pressed ? null : loaded;

  useEffect(() => {
    if (!pressed) return;
    // Released anywhere but on the stand-in (or cancelled): no click comes, nothing is held. A
    // task later, so that the click of a press on the stand-in still finds the stand-in.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      timer = setTimeout(() => setPressed(false));
    };
    document.addEventListener('pointerup', release);
    document.addEventListener('pointercancel', release);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerup', release);
      document.removeEventListener('pointercancel', release);
    };
  }, [pressed]);

  useEffect(() => {
    if (!floating) return;
    if (standInFocused.current) {
      standInFocused.current = false;
      // Only focus the stand-in lost by being replaced; never take it from where it went since.
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) target.current?.focus();
    }
    if (openOnLoad) {
      setOpenOnLoad(false);
      setOpened(true);
    }
  }, [floating, openOnLoad]);

  const standInProps = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onFocus: () => {
      standInFocused.current = true;
    },
    onBlur: () => {
      standInFocused.current = false;
    },
    onPointerDown: () => {
      setPressed(true);
    },
    onClick: () => {
      setOpenOnLoad(true);
      // The click comes after the document's pointerup: release the stand-in only now.
      setPressed(false);
      void loadFloating();
    },
  };
  return { floating, opened, setOpened, target, standInProps };
}
