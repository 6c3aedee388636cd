/**
 * The IPC contract between the desktop main process and its renderer (after
 * GitHub Desktop's `ipc-shared.ts`): every channel mapped to one function signature, shared by
 * main (typed `ipcMain.handle` wrapper), the preload bridge and the renderer. Types only: this
 * file emits no code, so the sandboxed preload can import it for free.
 *
 * Every channel starts with {@link ChannelPrefix}; main refuses anything else.
 */
import type {
  DownloadProgress,
  IdTokenClaims,
  UploadProgress,
  UploadTarget,
} from '@photo/core/platform/platform';

export type { DownloadProgress, IdTokenClaims, UploadProgress, UploadTarget };

/** Prefix of every channel; main checks it on each message (VS Code style). */
export type ChannelPrefix = 'photo:';

/** A file the user picked in the native dialog. `handle` is opaque: main keeps the path. */
export interface PickedImage {
  handle: string;
  name: string;
  /** `image/heic`, `image/jpeg` or `image/png`. */
  type: string;
  size: number;
}

export type SaveArchiveResult = { status: 'saved'; fileName: string } | { status: 'cancelled' };

/** The renderer's storage mirror is filled from this snapshot once at startup. */
export type StorageSnapshot = Record<string, string>;

export interface AppInfo {
  name: string;
  version: string;
  /** `process.platform` of the main process. */
  os: string;
  /** Origin of the reference server the app talks to (config, APIs, sign-in). */
  serverOrigin: string;
}

/**
 * Request/response channels (`ipcRenderer.invoke` → `ipcMain.handle`). The signature is the
 * handler's: the renderer receives a Promise of the return type.
 */
export interface InvokeChannels {
  'photo:auth:sign-in': (returnTo?: string) => void;
  'photo:auth:sign-out': () => void;
  'photo:auth:get-access-token': () => string | null;
  'photo:auth:get-id-token-claims': () => IdTokenClaims | null;
  'photo:files:pick-images': () => PickedImage[];
  /** `operationId` ties `photo:files:upload-progress` events to this call. */
  'photo:files:upload': (
    operationId: string,
    handles: string[],
    target: UploadTarget,
  ) => UploadProgress[];
  /** `operationId` ties `photo:downloads:progress` events to this call. */
  'photo:downloads:save-archive': (
    operationId: string,
    url: string,
    fileName: string,
  ) => SaveArchiveResult;
  'photo:storage:load': () => StorageSnapshot;
  'photo:storage:set': (key: string, value: string) => void;
  'photo:storage:remove': (key: string) => void;
  'photo:shell:open-external': (url: string) => void;
  'photo:app:info': () => AppInfo;
}

/** Main → renderer events (`webContents.send` → `ipcRenderer.on`). */
export interface EventChannels {
  'photo:auth:session-abandoned': () => void;
  'photo:files:upload-progress': (operationId: string, progress: UploadProgress) => void;
  'photo:downloads:progress': (operationId: string, progress: DownloadProgress) => void;
}

export type InvokeChannel = keyof InvokeChannels;
export type InvokeArgs<C extends InvokeChannel> = Parameters<InvokeChannels[C]>;
export type InvokeResult<C extends InvokeChannel> = Awaited<ReturnType<InvokeChannels[C]>>;
export type EventChannel = keyof EventChannels;
export type EventArgs<C extends EventChannel> = Parameters<EventChannels[C]>;

/**
 * The one object the preload exposes as `window.photoDesktop` (Element style: one small
 * object, one method per purpose). Progress callbacks stay in the renderer; the preload
 * subscribes to the matching event for the duration of the call.
 */
export interface DesktopBridge {
  auth: {
    signIn(returnTo?: string): Promise<void>;
    signOut(): Promise<void>;
    getAccessToken(): Promise<string | null>;
    getIdTokenClaims(): Promise<IdTokenClaims | null>;
    /** Returns an unsubscribe function. */
    onSessionAbandoned(listener: () => void): () => void;
  };
  files: {
    pickImages(): Promise<PickedImage[]>;
    uploadFiles(
      handles: string[],
      target: UploadTarget,
      onProgress: (progress: UploadProgress) => void,
    ): Promise<UploadProgress[]>;
  };
  downloads: {
    saveArchive(
      url: string,
      fileName: string,
      onProgress?: (progress: DownloadProgress) => void,
    ): Promise<SaveArchiveResult>;
  };
  storage: {
    load(): Promise<StorageSnapshot>;
    set(key: string, value: string): Promise<void>;
    remove(key: string): Promise<void>;
  };
  openExternal(url: string): Promise<void>;
  getAppInfo(): Promise<AppInfo>;
}

/** Name of the global the preload defines in the renderer's main world. */
export type BridgeGlobalName = 'photoDesktop';
