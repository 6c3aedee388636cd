/**
 * The IPC contract between the desktop main process and its renderer (after
 * GitHub Desktop's `ipc-shared.ts`): every channel mapped to one function signature, shared by
 * main (typed `ipcMain.handle` wrapper), the preload bridge and the renderer. Types only: this
 * file emits no code, so the sandboxed preload can import it for free.
 *
 * Every channel starts with {@link ChannelPrefix}; main refuses anything else.
 */
import type { BrandHost } from '@photo/core/api/schemas/config';
import type {
  UploadFailureText,
  UploadFile,
  UploadItemStatus,
  UploadList,
} from '@photo/core/transfer/upload-model';
import type { DownloadProgress, IdTokenClaims, UploadTarget } from '@photo/core/platform/platform';

export type { DownloadProgress, IdTokenClaims, UploadFile, UploadList, UploadTarget };

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

/**
 * Where a watched folder's photos go: the library only, one album named after the folder, or an
 * album per first-level subfolder (photos at the top go to the folder's album).
 */
export type WatchTarget = 'library' | 'album' | 'album-per-subfolder';

/** One watched folder as the renderer sees it (its name, never its path). */
export interface WatchedFolder {
  /** Main's id of the watch. */
  id: string;
  /** The folder's own name. */
  name: string;
  target: WatchTarget;
  /**
   * `watching`: nothing left to send; `uploading`: `settled` of `total` files found since it was
   * last idle are sent; `paused`: nothing is taken or sent, the files of that round not sent yet
   * are held in the queue (`settled` of `total` still counts them); `missing`: the folder is gone
   * (an unplugged disk), checked again periodically.
   */
  state: 'watching' | 'uploading' | 'paused' | 'missing';
  settled: number;
  total: number;
}

/** The signed-in user's watched folders (`photo:watch:changed`). */
export interface WatchedFoldersSnapshot {
  /**
   * Counts up with every snapshot main makes: `photo:watch:list` answers and
   * `photo:watch:changed` events travel apart, so the window keeps the highest it has seen and
   * an answer made before a change never overwrites it.
   */
  revision: number;
  /** False while signed out: nothing is watched then. */
  signedIn: boolean;
  folders: WatchedFolder[];
}

/** How "Watch a folder…" ended. `exists`: the folder (or one around it) is watched already. */
export type WatchAddResult =
  | { status: 'added'; folder: WatchedFolder }
  | { status: 'exists'; folder: WatchedFolder }
  | { status: 'cancelled' };

/**
 * Where "Export my library" stands (docs/desktop.md): `not-set` (no folder picked), `idle`,
 * `running`, `paused`, `up-to-date` (then it looks for changes every few minutes), `disk-full`
 * (stopped, nothing lost), `foreign-folder` (the folder holds another account's export),
 * `failed` (tried again later).
 */
export type ExportPhase =
  | 'not-set'
  | 'idle'
  | 'running'
  | 'paused'
  | 'up-to-date'
  | 'disk-full'
  | 'foreign-folder'
  | 'failed';

/** The signed-in account's export, sent on every change (`photo:export:changed`). */
export interface ExportSnapshot {
  /** The folder's own name (never its path: that stays in main). */
  folderName: string | null;
  phase: ExportPhase;
  /** Photos in the folder. */
  exportedFiles: number;
  /** Photos in the library when the run started (null before the first run). */
  libraryFiles: number | null;
  /** Bytes received in this run. */
  receivedBytes: number;
  /** When the folder was last found up to date (ISO 8601). */
  lastSyncAt: string | null;
  /** "Also make a folder per album": `Albums/<album name>/` beside `YYYY/MM/`. */
  albumFolders: boolean;
}

/** How an interactive sign-in through the system browser ended. */
export type SignInResult =
  | { status: 'signed-in' }
  /** The user cancelled in the app, or started another sign-in. */
  | { status: 'cancelled' }
  /** Nothing came back to the loopback listener within `minutes`. */
  | { status: 'timed-out'; minutes: number }
  | { status: 'failed'; message: string };

/** What is saved: an archive (`.zip` enforced) or any other file (a photo, an invoice PDF). */
export interface SaveRequest {
  kind: 'archive' | 'file';
  /** A signed https URL, or a path of the app (`app://photo/api/…`) that main fetches with the token. */
  url: string;
  /** Suggested file name; main sanitises it. */
  fileName: string;
}

export type SaveResult = { status: 'saved'; fileName: string } | { status: 'cancelled' };

/** The renderer's storage mirror is filled from this snapshot once at startup. */
export type StorageSnapshot = Record<string, string>;

/**
 * Storage key of the desktop preference "ask where to save each download" (`'true'` or absent):
 * written by the settings page through `PlatformStorage`, read by main before each download.
 */
export type AskWhereToSaveKey = 'desktop.askWhereToSave';

export interface AppInfo {
  name: string;
  version: string;
  /** `process.platform` of the main process. */
  os: string;
  /** Origin of the reference server the app talks to (config, APIs, sign-in). */
  serverOrigin: string;
  /**
   * `encrypted`: tokens kept on disk with the OS keychain (`safeStorage`). `memory`: the OS
   * offers no encryption, so tokens live in memory only and the user signs in again after a
   * restart; the renderer shows a notice saying so.
   */
  tokenStorage: 'encrypted' | 'memory';
}

/**
 * The texts of the desktop-only screens (`desktop` section of core/locales), in the language of
 * the brand whose host the app is configured for. Main reads them from the server's
 * `/locales/{locale}.json` as data; `{{name}}` placeholders are filled in by the renderer.
 */
export interface DesktopTexts {
  /** BCP 47 tag of the texts, e.g. `nl-NL`. */
  locale: string;
  /** The brand they belong to (its theme colour and style dress the desktop screens too). */
  brand: BrandHost;
  signIn: {
    title: string;
    intro: string;
    button: string;
    waiting: string;
    cancel: string;
    /** `{{minutes}}` */
    timedOut: string;
    failed: string;
    browserSuccessTitle: string;
    browserSuccess: string;
    browserFailureTitle: string;
    browserFailure: string;
  };
  tokensInMemory: string;
  transfers: {
    region: string;
    /** `{{fileName}}` */
    saving: string;
    /** `{{fileName}}` */
    saved: string;
    /** `{{fileName}}` */
    failed: string;
    showInFolder: string;
    cancel: string;
    dismiss: string;
  };
  /** The upload queue's panel. */
  uploads: {
    region: string;
    /** `{{settled}}`, `{{total}}` */
    running: string;
    /**
     * Files held for a paused watched folder: plural texts `photos_{category}` (`{{count}}`),
     * as `uploadOutcome`.
     */
    onHold: Record<string, string>;
    listLabel: string;
    /** `{{count}}` files not listed */
    more: string;
    /** `uploading` has `{{percent}}` (the model's states, upload-model.ts) */
    status: Record<Exclude<UploadItemStatus, 'failed'>, string>;
    /** The model's failure kinds, by the text each is told with (`UPLOAD_FAILURE_TEXT`). */
    failure: Record<UploadFailureText, string>;
    retryFailed: string;
    close: string;
  };
  /** Watched folders (in the uploads panel). */
  watch: {
    region: string;
    /** `{{count}}` */
    heading: string;
    watchFolder: string;
    intro: string;
    targetLabel: string;
    target: Record<'library' | 'album' | 'albumPerSubfolder', string>;
    chooseFolder: string;
    cancel: string;
    listLabel: string;
    /**
     * `uploading` and `pausedAt` (paused with files held in the queue) have `{{settled}}`,
     * `{{total}}`
     */
    state: Record<'watching' | 'uploading' | 'paused' | 'pausedAt' | 'missing', string>;
    pause: string;
    resume: string;
    stop: string;
    /** `{{name}}` */
    added: string;
    /** `{{name}}`: said when a folder is paused, and when it is resumed. */
    paused: string;
    /** `{{name}}` */
    resumed: string;
    /** `{{name}}` */
    exists: string;
    /** `{{name}}` */
    stopped: string;
    failed: string;
  };
  /** "Export my library" (its own panel in the dock). */
  export: {
    region: string;
    open: string;
    intro: string;
    chooseFolder: string;
    changeFolder: string;
    /** `{{name}}` */
    folder: string;
    /**
     * `running` has `{{done}}`, `{{total}}`, `{{size}}`; `paused`, `upToDate`, `diskFull` have
     * `{{done}}`.
     */
    phase: Record<
      'idle' | 'running' | 'paused' | 'upToDate' | 'diskFull' | 'foreignFolder' | 'failed',
      string
    >;
    pause: string;
    resume: string;
    syncNow: string;
    showInFolder: string;
    close: string;
    /** The checkbox "Also make a folder per album". */
    albumFolders: string;
  };
  /**
   * The upload outcome's plural texts (`photos.upload.outcome` of core/locales: `added_one`,
   * `added_other` …), so the panel says what the web's toast says.
   */
  uploadOutcome: Record<string, string>;
}

/**
 * Request/response channels (`ipcRenderer.invoke` → `ipcMain.handle`). The signature is the
 * handler's: the renderer receives a Promise of the return type.
 */
export interface InvokeChannels {
  /** Opens the system browser and resolves when the loopback redirect came back (or not). */
  'photo:auth:sign-in': () => SignInResult;
  'photo:auth:cancel-sign-in': () => void;
  /** Revokes the tokens at the server and deletes them. */
  'photo:auth:sign-out': () => void;
  'photo:auth:get-access-token': () => string | null;
  'photo:auth:get-id-token-claims': () => IdTokenClaims | null;
  'photo:files:pick-images': () => PickedImage[];
  /** Every image (by content) in the folders the user picks, sub-folders included. */
  'photo:files:pick-folder': () => PickedImage[];
  /**
   * `operationId` ties `photo:files:upload-progress` events to this call. Answers every file
   * settled, in the order of `handles`, each with its queue id.
   */
  'photo:files:upload': (
    operationId: string,
    handles: string[],
    target: UploadTarget,
  ) => UploadFile[];
  /**
   * Loads the upload queue kept in `userData` and sends what is left of the signed-in user's
   * files (a restart continues where the app stopped); answers the queue as it is.
   */
  'photo:uploads:resume': () => UploadList;
  /** Failed files of the queue are sent again (partly sent ones resume). */
  'photo:uploads:retry-failed': () => void;
  /** Drops what is not sent yet and stops transfers under way (partial uploads removed). */
  'photo:uploads:cancel': () => void;
  /** Forgets the settled files (done, duplicate, failed) once nothing is being sent. */
  'photo:uploads:clear': () => void;
  /** The signed-in user's watched folders (starts watching them if not yet). */
  'photo:watch:list': () => WatchedFoldersSnapshot;
  /** Main asks for a folder in its own dialog and watches it; the renderer sends no path. */
  'photo:watch:add': (target: WatchTarget) => WatchAddResult;
  'photo:watch:pause': (watchId: string) => void;
  'photo:watch:resume': (watchId: string) => void;
  /** Stops watching; nothing online is deleted. */
  'photo:watch:remove': (watchId: string) => void;
  /** The signed-in account's export; starts keeping it in step unless paused. */
  'photo:export:resume': () => ExportSnapshot;
  /** Main's folder dialog; the export starts at once into the folder picked. */
  'photo:export:choose-folder': () => ExportSnapshot;
  /** Starts again (after a pause, a full disk, a failure) or looks for changes now. */
  'photo:export:start': () => void;
  'photo:export:pause': () => void;
  'photo:export:show-in-folder': () => void;
  /** "Also make a folder per album", kept with the export's settings. */
  'photo:export:set-album-folders': (on: boolean) => ExportSnapshot;
  /** `operationId` (chosen by the renderer) ties progress, cancel and show-in-folder to it. */
  'photo:downloads:save': (operationId: string, request: SaveRequest) => SaveResult;
  'photo:downloads:cancel': (operationId: string) => void;
  /** Reveals a file this app saved (by its operation id; the renderer never sees paths). */
  'photo:downloads:show-in-folder': (operationId: string) => void;
  'photo:storage:load': () => StorageSnapshot;
  'photo:storage:set': (key: string, value: string) => void;
  'photo:storage:remove': (key: string) => void;
  /** Opens an http(s) URL in the system browser. */
  'photo:shell:open-in-browser': (url: string) => void;
  'photo:app:info': () => AppInfo;
  'photo:app:texts': () => DesktopTexts;
}

/** Main → renderer events (`webContents.send` → `ipcRenderer.on`). */
export interface EventChannels {
  'photo:auth:session-abandoned': () => void;
  /** The files of the call that changed, by queue id; the first event names every file. */
  'photo:files:upload-progress': (operationId: string, files: UploadFile[]) => void;
  'photo:downloads:progress': (operationId: string, progress: DownloadProgress) => void;
  /** The queue's totals and the files that matter most (upload-model.ts `listedFiles`). */
  'photo:uploads:changed': (queue: UploadList) => void;
  'photo:watch:changed': (watches: WatchedFoldersSnapshot) => void;
  'photo:export:changed': (snapshot: ExportSnapshot) => void;
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
    signIn(): Promise<SignInResult>;
    cancelSignIn(): Promise<void>;
    signOut(): Promise<void>;
    getAccessToken(): Promise<string | null>;
    getIdTokenClaims(): Promise<IdTokenClaims | null>;
    /** Returns an unsubscribe function. */
    onSessionAbandoned(listener: () => void): () => void;
  };
  files: {
    pickImages(): Promise<PickedImage[]>;
    pickFolder(): Promise<PickedImage[]>;
    uploadFiles(
      handles: string[],
      target: UploadTarget,
      onProgress: (files: UploadFile[]) => void,
    ): Promise<UploadFile[]>;
  };
  uploads: {
    resume(): Promise<UploadList>;
    retryFailed(): Promise<void>;
    cancel(): Promise<void>;
    clear(): Promise<void>;
    /** Returns an unsubscribe function. */
    onChanged(listener: (queue: UploadList) => void): () => void;
  };
  watch: {
    list(): Promise<WatchedFoldersSnapshot>;
    add(target: WatchTarget): Promise<WatchAddResult>;
    pause(watchId: string): Promise<void>;
    resume(watchId: string): Promise<void>;
    remove(watchId: string): Promise<void>;
    /** Returns an unsubscribe function. */
    onChanged(listener: (watches: WatchedFoldersSnapshot) => void): () => void;
  };
  exports: {
    resume(): Promise<ExportSnapshot>;
    chooseFolder(): Promise<ExportSnapshot>;
    start(): Promise<void>;
    pause(): Promise<void>;
    showInFolder(): Promise<void>;
    setAlbumFolders(on: boolean): Promise<ExportSnapshot>;
    /** Returns an unsubscribe function. */
    onChanged(listener: (snapshot: ExportSnapshot) => void): () => void;
  };
  downloads: {
    save(
      operationId: string,
      request: SaveRequest,
      onProgress?: (progress: DownloadProgress) => void,
    ): Promise<SaveResult>;
    cancel(operationId: string): Promise<void>;
    showInFolder(operationId: string): Promise<void>;
  };
  storage: {
    load(): Promise<StorageSnapshot>;
    set(key: string, value: string): Promise<void>;
    remove(key: string): Promise<void>;
  };
  openInBrowser(url: string): Promise<void>;
  getAppInfo(): Promise<AppInfo>;
  getTexts(): Promise<DesktopTexts>;
}

/** Name of the global the preload defines in the renderer's main world. */
export type BridgeGlobalName = 'photoDesktop';
