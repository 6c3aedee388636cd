import { useState, useSyncExternalStore } from 'react';

export interface StackEntry {
  id: string;
  closeOnEscape: boolean;
  close: () => void;
}

/**
 * The one dialog stack of the app (docs/product.md#screens Dialogs). Mantine would let every open modal react to
 * the same Escape (the oldest first), so the modals get `closeOnEscape={false}` and this single
 * listener closes only the newest one, and nothing when the newest one disables Escape.
 */
export const dialogStack = {
  entries: [] as StackEntry[],
  listeners: new Set<() => void>(),
  push(entry: StackEntry) {
    this.entries = [...this.entries.filter((e) => e.id !== entry.id), entry];
    this.emit();
  },
  update(entry: StackEntry) {
    if (!this.entries.some((e) => e.id === entry.id)) return;
    this.entries = this.entries.map((e) => (e.id === entry.id ? entry : e));
  },
  remove(id: string) {
    if (!this.entries.some((e) => e.id === id)) return;
    this.entries = this.entries.filter((e) => e.id !== id);
    this.emit();
  },
  emit() {
    for (const listener of this.listeners) listener();
    if (this.entries.length > 0) window.addEventListener('keydown', onEscape, true);
    else window.removeEventListener('keydown', onEscape, true);
  },
  subscribe(listener: () => void) {
    dialogStack.listeners.add(listener);
    return () => dialogStack.listeners.delete(listener);
  },
};

function onEscape(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.isComposing) return;
  const top = dialogStack.entries.at(-1);
  if (!top) return;
  // The Escape belongs to the dialog stack: pages under it (the photo preview) must not act too.
  event.stopImmediatePropagation();
  if (top.closeOnEscape) top.close();
}

/** Number of open dialogs (pages with their own Escape handling check it). */
export function openDialogCount(): number {
  return dialogStack.entries.length;
}

/** Re-renders when dialogs open or close; returns how many are open. */
export function useOpenDialogCount(): number {
  return useSyncExternalStore(
    (listener) => dialogStack.subscribe(listener),
    () => dialogStack.entries.length,
    () => 0,
  );
}

/**
 * Whether a dialog has been opened at least once: a dialog whose code loads lazily mounts when
 * first opened (its code and Mantine's Modal come then, not with the page) and stays mounted,
 * so closing keeps its transition.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [openedOnce, setOpenedOnce] = useState(false);
  if (opened && !openedOnce) setOpenedOnce(true);
  return openedOnce || opened;
}
