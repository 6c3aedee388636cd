/**
 * State of the renderer's own desktop UI, next to core's app: the sign-in screen (sign-in runs in
 * the system browser, so the window shows what to do meanwhile), the notice that sign-in is kept
 * in memory only, and the transfers panel (downloads saved to disk, with progress, cancel and
 * "Show in folder"). A tiny external store read with `useSyncExternalStore`; the desktop platform
 * drives it.
 */
import { uploadListSchema } from '@photo/core/transfer/upload-model';
import type {
  DesktopBridge,
  DesktopTexts,
  ExportSnapshot,
  SignInResult,
  UploadList,
} from '../common/ipc-contract';
import { formatCount } from '@photo/core/lib/intl-format';

export type SignInPhase =
  | { phase: 'idle' }
  | { phase: 'waiting' }
  | { phase: 'timed-out'; minutes: number }
  | { phase: 'failed' };

export interface Transfer {
  /** The operation id main knows the download by. */
  id: string;
  fileName: string;
  status: 'running' | 'saved' | 'failed';
  receivedBytes: number;
  totalBytes: number | null;
}

export interface DesktopUiState {
  texts: DesktopTexts | null;
  /** Non-null while the app waits for the user to sign in. */
  signIn: SignInPhase | null;
  /** Sign-in is kept in memory only (the OS offers no encryption) and the notice is not closed. */
  memoryNotice: boolean;
  transfers: Transfer[];
  /** The account's export to a folder (main keeps it in step); null until asked. */
  exports: ExportSnapshot | null;
  /** The export panel is open (it starts as one button). */
  exportOpen: boolean;
  /** The upload queue main keeps (files sent from disk, per-file states); null until asked. */
  uploads: UploadList | null;
}

/** Finished downloads leave the panel after this long (a failure stays until closed). */
export const SAVED_TRANSFER_MS = 10_000;

export function createDesktopUi(bridge: DesktopBridge) {
  let state: DesktopUiState = {
    texts: null,
    signIn: null,
    memoryNotice: false,
    transfers: [],
    uploads: null,
    exports: null,
    exportOpen: false,
  };
  const listeners = new Set<() => void>();
  let signedIn: (() => void) | null = null;

  function set(change: (current: DesktopUiState) => DesktopUiState) {
    state = change(state);
    for (const listener of listeners) listener();
  }
  const updateTransfer = (id: string, patch: Partial<Transfer>) =>
    set((s) => ({
      ...s,
      transfers: s.transfers.map((t) => (t.id === id ? { ...t, ...patch } : t)),
    }));
  const removeTransfer = (id: string) =>
    set((s) => ({ ...s, transfers: s.transfers.filter((t) => t.id !== id) }));

  /** The texts come from main (the brand's language); loaded once, when first needed. */
  let loading: Promise<void> | null = null;
  function loadTexts(): Promise<void> {
    loading ??= bridge.getTexts().then(
      (texts) => set((s) => ({ ...s, texts })),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  // Main sends the queue on every change (progress at most every 100 ms).
  bridge.uploads.onChanged((queue) => {
    void loadTexts().catch(() => {});
    const uploads = uploadListSchema.parse(queue);
    set((s) => ({ ...s, uploads }));
  });

  // The album-folder box follows a click at once: snapshots main sent before it took the new
  // setting (progress, every 100 ms) would flip it back for a moment.
  let pendingAlbumFolders: boolean | null = null;
  const setExports = (exports: ExportSnapshot) => {
    if (pendingAlbumFolders !== null) {
      if (exports.albumFolders === pendingAlbumFolders) pendingAlbumFolders = null;
      else exports = { ...exports, albumFolders: pendingAlbumFolders };
    }
    set((s) => ({ ...s, exports }));
  };
  // Main sends the export on every change (bytes at most every 100 ms).
  bridge.exports.onChanged(setExports);
  const logged = (call: Promise<unknown>) => {
    call.catch((error: unknown) => console.error(error));
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    loadTexts,

    /** Shows the sign-in screen; resolves once the user has signed in through the browser. */
    async waitForSignIn(): Promise<void> {
      await loadTexts();
      set((s) => ({ ...s, signIn: { phase: 'idle' } }));
      return new Promise<void>((resolve) => {
        signedIn = resolve;
      });
    },
    async startSignIn(): Promise<void> {
      set((s) => ({ ...s, signIn: { phase: 'waiting' } }));
      let result: SignInResult;
      try {
        result = await bridge.auth.signIn();
      } catch (error) {
        result = { status: 'failed', message: String(error) };
      }
      if (result.status === 'signed-in') {
        signedIn?.();
        return;
      }
      const next: SignInPhase =
        result.status === 'timed-out'
          ? { phase: 'timed-out', minutes: result.minutes }
          : result.status === 'failed'
            ? { phase: 'failed' }
            : { phase: 'idle' };
      if (result.status === 'failed') console.error('Sign-in failed', result.message);
      set((s) => ({ ...s, signIn: next }));
    },
    cancelSignIn(): void {
      void bridge.auth.cancelSignIn();
    },

    async showMemoryNotice(): Promise<void> {
      await loadTexts();
      set((s) => ({ ...s, memoryNotice: true }));
    },
    closeMemoryNotice(): void {
      set((s) => ({ ...s, memoryNotice: false }));
    },

    /**
     * Saves a file through main with a row in the transfers panel. Resolves when saved or
     * cancelled; rejects when it failed (core then shows its own failure toast).
     */
    async save(
      kind: 'archive' | 'file',
      url: string,
      fileName: string,
      onProgress?: (progress: { receivedBytes: number; totalBytes: number | null }) => void,
    ): Promise<void> {
      void loadTexts().catch(() => {});
      const id = crypto.randomUUID();
      set((s) => ({
        ...s,
        transfers: [
          ...s.transfers,
          { id, fileName, status: 'running', receivedBytes: 0, totalBytes: null },
        ],
      }));
      try {
        const result = await bridge.downloads.save(id, { kind, url, fileName }, (progress) => {
          updateTransfer(id, progress);
          onProgress?.(progress);
        });
        if (result.status === 'cancelled') {
          removeTransfer(id);
          return;
        }
        updateTransfer(id, { status: 'saved', fileName: result.fileName });
        setTimeout(() => {
          if (state.transfers.some((t) => t.id === id && t.status === 'saved')) removeTransfer(id);
        }, SAVED_TRANSFER_MS);
      } catch (error) {
        updateTransfer(id, { status: 'failed' });
        throw error;
      }
    },
    cancelTransfer(id: string): void {
      void bridge.downloads.cancel(id);
    },
    showInFolder(id: string): void {
      bridge.downloads.showInFolder(id).catch((error: unknown) => console.error(error));
    },
    dismissTransfer: removeTransfer,

    /**
     * Asks main for the upload queue kept from the last run, which then sends what is left
     * (nothing while signed out: main knows no account then).
     */
    async resumeUploads(): Promise<void> {
      await loadTexts();
      const uploads = uploadListSchema.parse(await bridge.uploads.resume());
      set((s) => ({ ...s, uploads }));
    },
    /** Asks main for the account's export, which then keeps the folder in step (unless paused). */
    async resumeExport(): Promise<void> {
      await loadTexts();
      setExports(await bridge.exports.resume());
    },
    setExportOpen(open: boolean): void {
      set((s) => ({ ...s, exportOpen: open }));
    },
    chooseExportFolder(): void {
      logged(bridge.exports.chooseFolder().then(setExports));
    },
    startExport: () => logged(bridge.exports.start()),
    pauseExport: () => logged(bridge.exports.pause()),
    showExportFolder: () => logged(bridge.exports.showInFolder()),
    setExportAlbumFolders(on: boolean): void {
      pendingAlbumFolders = on;
      set((s) => ({ ...s, exports: s.exports && { ...s.exports, albumFolders: on } }));
      logged(bridge.exports.setAlbumFolders(on).then(setExports));
    },
    retryFailedUploads(): void {
      bridge.uploads.retryFailed().catch((error: unknown) => console.error(error));
    },
    clearUploads(): void {
      bridge.uploads.clear().catch((error: unknown) => console.error(error));
    },
  };
}

export type DesktopUi = ReturnType<typeof createDesktopUi>;

/**
 * Fills `{{name}}` placeholders (the locale files use i18next's syntax); `{{name, number}}` is a
 * count, digit-grouped in `locale` by the web's one formatter.
 */
export function fill(
  text: string,
  values: Record<string, string | number>,
  locale: string,
): string {
  return text.replace(
    /\{\{\s*(\w+)\s*(?:,\s*(number)\s*)?\}\}/g,
    (match, name: string, format?: string) => {
      if (!(name in values)) return match;
      const value = values[name];
      return format && typeof value === 'number' ? formatCount(value, locale) : String(value);
    },
  );
}
