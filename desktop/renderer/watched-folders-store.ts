/**
 * The renderer's view of the watched folders main runs (docs/desktop.md "Watched folders"): the
 * list main sends on every change, and the calls of the panel. Folders are picked in main's own
 * dialog; this side only says where the photos go and names watches by id.
 */
import type {
  DesktopBridge,
  WatchAddResult,
  WatchedFoldersSnapshot,
  WatchTarget,
} from '../common/ipc-contract';

export function createWatchedFoldersUi(bridge: DesktopBridge) {
  let state: WatchedFoldersSnapshot | null = null;
  const listeners = new Set<() => void>();
  const set = (next: WatchedFoldersSnapshot) => {
    // Answers and events arrive in any order: one made before the state shown is dropped (a
    // list answered before Pause must not bring back "Uploading" after "Paused").
    if (state && next.revision < state.revision) return;
    state = next;
    for (const listener of listeners) listener();
  };
  bridge.watch.onChanged(set);

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Null until main has answered. */
    getState: () => state,
    /** Asks main for the list (which starts the watches of the signed-in user). */
    async load(): Promise<void> {
      set(await bridge.watch.list());
    },
    async add(target: WatchTarget): Promise<WatchAddResult> {
      const result = await bridge.watch.add(target);
      set(await bridge.watch.list());
      return result;
    },
    pause: (id: string) => bridge.watch.pause(id),
    resume: (id: string) => bridge.watch.resume(id),
    async remove(id: string): Promise<void> {
      await bridge.watch.remove(id);
      set(await bridge.watch.list());
    },
  };
}

export type WatchedFoldersUi = ReturnType<typeof createWatchedFoldersUi>;
