import type { PickedFile, Platform } from '../../platform/platform';
import { UploadEngine } from '../../transfer/upload-engine';
import { totalsOf } from '../../transfer/upload-model';
import type { UploadFile, UploadItemId, UploadList } from '../../transfer/upload-model';
import { blobSource } from '../../transfer/upload-source';
import type { UploadSource } from '../../transfer/upload-source';

/**
 * What the upload dialog drives, whichever host sends the files: the upload model's list
 * (core/src/transfer/upload-model.ts) as a store, and the engine's actions.
 */
export interface UploadController {
  start(): Promise<UploadList>;
  retryFailed(): Promise<UploadList>;
  cancel(): Promise<void>;
  /** New photos (not duplicates): what a cancelled batch deletes. */
  createdPhotoIds(): string[];
  subscribe(listener: () => void): () => void;
  getSnapshot(): UploadList;
}

export interface UploadControllerOptions {
  platform: Platform;
  /** `StorageApiUrl` of /config.json. */
  storageApiUrl: string;
  /** The page's origin, to resolve a relative `StorageApiUrl`. */
  origin: string;
  albumId: string | null;
  /** The signed-in user (`sub`), so kept resumable uploads are never another user's. */
  accountId: string | null;
}

/** The source of a picked file, for a host that reads files in the page (the web). */
export function sourceOfPicked(file: PickedFile): UploadSource | null {
  if (!file.file) return null;
  const lastModified = (file.file as Partial<File>).lastModified;
  return blobSource(file.file, {
    name: file.name,
    type: file.type,
    ...(lastModified !== undefined ? { lastModified } : {}),
  });
}

/**
 * The controller for this host: the shared engine in the page (web, and any host that hands
 * the page the file's bytes), or the desktop app's upload queue for files that stay on disk.
 */
export function createUploadController(
  options: UploadControllerOptions,
  files: readonly PickedFile[],
): UploadController {
  const { platform } = options;
  const handles = files.flatMap((file) => (file.path ? [file.path] : []));
  if (platform.files.uploadFiles && files.length > 0 && handles.length === files.length)
    return new PlatformUploadController(platform, options.albumId, handles);
  const hashFile = platform.files.hashFile?.bind(platform.files);
  const blobs = new WeakMap<UploadSource, Blob>();
  const engine = new UploadEngine({
    storageUrl: new URL(options.storageApiUrl, options.origin).toString().replace(/\/+$/, ''),
    getAccessToken: () => platform.auth.getAccessToken(),
    albumId: options.albumId,
    accountId: options.accountId,
    resumeStore: platform.storage.isAvailable() ? platform.storage : null,
    ...(hashFile
      ? {
          checksum: (source, checksumOptions) => {
            const blob = blobs.get(source);
            return blob ? hashFile(blob, checksumOptions) : Promise.reject(new Error('No file'));
          },
        }
      : {}),
  });
  const sources: UploadSource[] = [];
  for (const file of files) {
    const source = sourceOfPicked(file);
    if (!source || !file.file) continue;
    blobs.set(source, file.file);
    sources.push(source);
  }
  engine.add(sources);
  return engine;
}

/**
 * The desktop app's upload queue (`platform.files.uploadFiles`: main streams the files from
 * disk through the same engine) behind the same face. Main names each file by its queue id; the
 * list here is keyed by that id, in the order main first named them, so two files of the same
 * name (from two folders) are two rows that never take each other's states.
 */
class PlatformUploadController implements UploadController {
  readonly #platform: Platform;
  readonly #albumId: string | null;
  /** Main's handles of the picked files, in the order picked. */
  readonly #handles: string[];
  /** The handle of each queue id (for "Retry failed": main takes handles). */
  readonly #handleOf = new Map<UploadItemId, string>();
  readonly #files = new Map<UploadItemId, UploadFile>();
  #snapshot: UploadList | null = null;
  #running: Promise<UploadList> | null = null;
  readonly #listeners = new Set<() => void>();

  constructor(platform: Platform, albumId: string | null, handles: string[]) {
    this.#platform = platform;
    this.#albumId = albumId;
    this.#handles = handles;
  }

  start(): Promise<UploadList> {
    return this.#send(this.#handleOf.size === 0 ? this.#handles : []);
  }

  retryFailed(): Promise<UploadList> {
    const failed = [...this.#files.values()].filter((file) => file.status === 'failed');
    return this.#send(failed.flatMap((file) => this.#handleOf.get(file.id) ?? []));
  }

  #send(handles: string[]): Promise<UploadList> {
    if (this.#running) return this.#running;
    const uploadFiles = this.#platform.files.uploadFiles;
    if (!uploadFiles || handles.length === 0) return Promise.resolve(this.getSnapshot());
    let named = false;
    const merge = (files: readonly UploadFile[]) => {
      // The first answer names every file of the call, in the order of `handles`.
      if (!named) {
        named = true;
        files.forEach((file, index) => {
          const handle = handles[index];
          if (handle !== undefined && !this.#handleOf.has(file.id))
            this.#handleOf.set(file.id, handle);
        });
      }
      for (const file of files) this.#files.set(file.id, file);
      this.#changed();
    };
    this.#running = uploadFiles(handles, { albumId: this.#albumId }, merge)
      .then(merge)
      .catch((error: unknown) => {
        for (const file of this.#files.values())
          if (file.status !== 'done' && file.status !== 'duplicate')
            this.#files.set(file.id, {
              ...file,
              status: 'failed',
              sentBytes: 0,
              failure: { kind: 'network', message: String(error) },
            });
      })
      .then(() => {
        this.#running = null;
        this.#changed();
        return this.getSnapshot();
      });
    this.#changed();
    return this.#running;
  }

  async cancel(): Promise<void> {
    // Main drops the files not yet sent and stops those under way; `uploadFiles` then answers
    // them as cancelled. Photos made stay for the dialog to delete (createdPhotoIds).
    await this.#platform.files.cancelUploads?.();
    for (const file of this.#files.values())
      if (file.status === 'waiting' || file.status === 'checking' || file.status === 'uploading')
        this.#files.set(file.id, {
          ...file,
          status: 'failed',
          sentBytes: 0,
          failure: { kind: 'cancelled', message: '' },
        });
    this.#changed();
  }

  createdPhotoIds(): string[] {
    return [...this.#files.values()].flatMap((file) =>
      file.status === 'done' && file.photoId ? [file.photoId] : [],
    );
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): UploadList => {
    if (!this.#snapshot) {
      const files = [...this.#files.values()];
      this.#snapshot = { files, totals: totalsOf(files), running: this.#running !== null };
    }
    return this.#snapshot;
  };

  #changed(): void {
    this.#snapshot = null;
    for (const listener of [...this.#listeners]) listener();
  }
}
