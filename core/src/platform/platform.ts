/**
 * The platform seam (docs/architecture.md): the one interface the web and desktop hosts implement
 * and pass to `<App platform={…}/>`. core never touches cookies, files, Electron or Node
 * directly; it asks the platform.
 */
import type { UploadFile } from '../transfer/upload-model';

/** Claims of the ID token that the product reads (docs/product.md#data Identity token claims). */
export interface IdTokenClaims {
  sub: string;
  email: string;
  idp_type: string;
  idp_sub: string;
  /** `b2b` for business accounts (compared case-insensitively, docs/product.md#roles-and-flags). */
  authentication_method?: string;
}

export interface PlatformAuth {
  /** Completes a pending sign-in redirect if the current address carries one; otherwise no-op. */
  handleRedirect(): Promise<void>;
  /** Starts interactive sign-in (web: redirect to the provider; desktop: system browser). */
  signIn(returnTo?: string): Promise<void>;
  /**
   * Removes the tokens and leaves (web: redirect; desktop: back to the signed-out screen).
   * `returnTo` is an app path to land on afterwards (web: a registered post-logout path such as
   * '/account-deleted'); default '/'.
   */
  signOut(returnTo?: string): Promise<void>;
  /** Current access token, or null when there is none or it has expired. */
  getAccessToken(): Promise<string | null>;
  getIdTokenClaims(): Promise<IdTokenClaims | null>;
  /** Called when the session is abandoned (expired elsewhere); returns an unsubscribe function. */
  onSessionAbandoned(listener: () => void): () => void;
}

export interface PickedFile {
  name: string;
  type: string;
  size: number;
  /** Web: the File itself. Desktop: absent (the bytes stay in main, see `path`). */
  file?: Blob;
  /** Desktop only: an opaque handle main gave out for a file the user picked. */
  path?: string;
}

export interface UploadTarget {
  /** Photo-management album id to add the photos to, or null for the library only. */
  albumId: string | null;
}

export interface PlatformFiles {
  /** Lets the user pick HEIC/JPEG/PNG images; resolves with what was picked (maybe nothing). */
  pickImages(): Promise<PickedFile[]>;
  /**
   * Desktop only: every HEIC/JPEG/PNG image (by content) in folders the user picks, sub-folders
   * included.
   */
  pickFolder?(): Promise<PickedFile[]>;
  /**
   * Web: the SHA-256 (lower-case hex) of a picked file, computed off the page's thread (a Web
   * Worker) in chunks, so hashing thousands of files never freezes the page. Absent: the upload
   * engine hashes on the calling thread.
   */
  hashFile?(
    file: Blob,
    options?: { signal?: AbortSignal; onProgress?: (hashedBytes: number) => void },
  ): Promise<string>;
  /**
   * Desktop only: streams picked files (`paths`: main's handles) from disk to the server with
   * bounded concurrency, through main's upload queue. `onProgress` hears the files that changed,
   * each named by its queue id (upload-model.ts); its first call names every file, in the order
   * given. Resolves with every file settled, in that order (a file dropped by a cancel:
   * failed as `cancelled`).
   */
  uploadFiles?(
    paths: string[],
    target: UploadTarget,
    onProgress: (files: UploadFile[]) => void,
  ): Promise<UploadFile[]>;
  /**
   * Desktop only: the user gave up the upload. Files not yet sent are dropped and transfers under
   * way stopped (partial uploads removed); `uploadFiles` then resolves, those files failed as
   * `cancelled`. Photos already made stay: the caller deletes them.
   */
  cancelUploads?(): Promise<void>;
}

export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number | null;
}

export interface PlatformDownloads {
  /** Saves the zip at `url` (a short-lived signed URL) as `fileName` (`.zip`). */
  saveArchive(
    url: string,
    fileName: string,
    onProgress?: (progress: DownloadProgress) => void,
  ): Promise<void>;
  /**
   * Saves any other file (a photo's original, an invoice PDF) under `suggestedName`. `url` is a
   * signed URL or a path of the app's own API (the desktop app adds the bearer token there).
   */
  saveFile(
    url: string,
    suggestedName: string,
    onProgress?: (progress: DownloadProgress) => void,
  ): Promise<void>;
}

/**
 * Storage key of the desktop preference "ask where to save each download" (`'true'` when on):
 * set on the settings page of the desktop app, read by its main process before each download.
 */
export const DESKTOP_ASK_WHERE_TO_SAVE_KEY = 'desktop.askWhereToSave';

/** A local-storage-like store; `get` returns null for missing keys. */
export interface PlatformStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** False when storage is unusable (cookies/site data blocked): the cookie-blocked page shows. */
  isAvailable(): boolean;
}

/**
 * Responses a host requested before the app loaded (web: the boot script, docs/architecture.md
 * "Boot"), handed to the app once each, by the absolute URL the app would fetch.
 */
export interface PlatformPrefetched {
  /** The response started for this URL, once; undefined when none (or already taken). */
  take(url: string): Promise<Response> | undefined;
}

export interface Platform {
  platformName: 'web' | 'desktop';
  auth: PlatformAuth;
  files: PlatformFiles;
  downloads: PlatformDownloads;
  storage: PlatformStorage;
  /** Opens an http(s) URL outside the app (web: new tab; desktop: system browser). */
  openExternal(url: string): void;
  /**
   * Web only: hands a link of the brand's mobile app (docs/product.md#upload) to the device, the
   * page staying where it is when no app answers. Absent on desktop: it never opens a phone app.
   */
  openMobileApp?(url: string): void;
  /**
   * Web only: the config, texts and first API answers the boot script already asked for (use
   * them through `prefetchedOr` in `api/prefetched.ts`). Absent on desktop.
   */
  prefetched?: PlatformPrefetched;
}
