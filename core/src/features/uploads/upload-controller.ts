import type { PickedFile, Platform, UploadProgress } from '../../platform/platform';
import { UploadEngine } from '../../transfer/upload-engine';
import type { UploadFailureKind, UploadItem, UploadSnapshot } from '../../transfer/upload-engine';
import { blobSource, resumeKeyOf } from '../../transfer/upload-source';
import type { UploadSource } from '../../transfer/upload-source';

/** What the upload dialog drives: the upload engine's public face. */
export type UploadController = Pick<
  UploadEngine,
  'add' | 'start' | 'retryFailed' | 'cancel' | 'createdPhotoIds' | 'subscribe' | 'getSnapshot'
>;

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

/** A picked file whose bytes stay with the host (desktop handles): only what the list shows. */
function handleSource(file: PickedFile): UploadSource {
  const away = () => {
    throw new Error('The desktop app reads this file itself');
  };
  return {
    name: file.name,
    size: file.size,
    type: file.type,
    resumeKey: resumeKeyOf({ ...file, lastModified: undefined }),
    slice: async () => away(),
    // eslint-disable-next-line require-yield -- never read in the page
    chunks: async function* () {
      away();
    },
  };
}

/**
 * The controller for this host: the shared engine in the page (web, and any host that hands
 * the page the file's bytes), or the desktop app's own uploader for files that stay on disk.
 */
export function createUploadController(
  options: UploadControllerOptions,
  files: readonly PickedFile[],
): UploadController {
  const { platform } = options;
  if (platform.files.uploadFiles && files.length > 0 && files.every((file) => file.path)) {
    const controller = new PlatformUploadController(platform, options.albumId);
    controller.addPicked(files);
    return controller;
  }
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

const failureKinds: readonly UploadFailureKind[] = [
  'refused',
  'too-large',
  'checksum',
  'unreadable',
  'network',
  'server',
  'cancelled',
];

/** The engine's failure kind of a desktop result (`missing`: the file left the disk). */
function failureKindOf(progress: UploadProgress): UploadFailureKind {
  const kind = progress.failureKind;
  if (kind === 'missing') return 'unreadable';
  return failureKinds.find((known) => known === kind) ?? 'server';
}

/**
 * The desktop app's uploader (`platform.files.uploadFiles`: main streams the files from disk,
 * through the same engine) behind the same face, so the dialog shows the same states: waiting,
 * checking, uploading, done, duplicate, failed with its reason.
 */
class PlatformUploadController implements UploadController {
  readonly #platform: Platform;
  readonly #albumId: string | null;
  #items: UploadItem[] = [];
  #paths: string[] = [];
  #snapshot: UploadSnapshot | null = null;
  #running: Promise<UploadSnapshot> | null = null;
  readonly #listeners = new Set<() => void>();

  constructor(platform: Platform, albumId: string | null) {
    this.#platform = platform;
    this.#albumId = albumId;
  }

  addPicked(files: readonly PickedFile[]): void {
    for (const file of files) {
      this.#paths.push(file.path ?? '');
      this.#items.push({
        id: this.#items.length,
        source: handleSource(file),
        status: 'waiting',
        hashedBytes: 0,
        sentBytes: 0,
        checksum: null,
        photoId: null,
        failure: null,
      });
    }
    this.#changed();
  }

  add(): void {
    // Desktop files arrive as handles through addPicked.
  }

  start(): Promise<UploadSnapshot> {
    if (this.#running) return this.#running;
    const ids = this.#items.filter((item) => item.status === 'waiting').map((item) => item.id);
    const uploadFiles = this.#platform.files.uploadFiles;
    if (!uploadFiles || ids.length === 0) return Promise.resolve(this.getSnapshot());
    const byName = new Map(ids.map((id) => [this.#items[id]?.source.name ?? '', id]));
    for (const id of ids) this.#patch(id, { status: 'uploading' });
    this.#running = uploadFiles(
      ids.map((id) => this.#paths[id] ?? ''),
      { albumId: this.#albumId },
      (progress) => {
        const id = byName.get(progress.fileName);
        if (id === undefined) return;
        const status = progress.status;
        const live = status === 'waiting' || status === 'checking' || status === 'uploading';
        this.#patch(id, { sentBytes: progress.loadedBytes, ...(live ? { status } : {}) });
      },
    )
      .then((results) => {
        results.forEach((result, index) => {
          const id = ids[index];
          if (id === undefined) return;
          if (result.status === 'duplicate')
            this.#patch(id, {
              status: 'duplicate',
              photoId: result.photoId ?? null,
              failure: null,
            });
          else if (result.photoId && result.status !== 'failed')
            this.#patch(id, { status: 'done', photoId: result.photoId, failure: null });
          else
            this.#patch(id, {
              status: 'failed',
              failure: { kind: failureKindOf(result), message: result.error ?? 'Upload failed' },
            });
        });
      })
      .catch((error: unknown) => {
        for (const id of ids)
          this.#patch(id, {
            status: 'failed',
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

  retryFailed(): Promise<UploadSnapshot> {
    for (const item of this.#items)
      if (item.status === 'failed') this.#patch(item.id, { status: 'waiting', failure: null });
    return this.start();
  }

  async cancel(): Promise<void> {
    // Main drops the files not yet sent and stops those under way; photos made stay for the
    // dialog to delete (createdPhotoIds).
    await this.#platform.files.cancelUploads?.();
    for (const item of this.#items)
      if (item.status === 'waiting' || item.status === 'uploading')
        this.#patch(item.id, { status: 'failed', failure: { kind: 'cancelled', message: '' } });
  }

  createdPhotoIds(): string[] {
    return this.#items.flatMap((item) =>
      item.status === 'done' && item.photoId ? [item.photoId] : [],
    );
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => {
    this.#snapshot ??= {
      items: this.#items.slice(),
      totals: {
        files: this.#items.length,
        waiting: this.#count('waiting'),
        checking: this.#count('checking'),
        uploading: this.#count('uploading'),
        done: this.#count('done'),
        duplicate: this.#count('duplicate'),
        failed: this.#count('failed'),
        totalBytes: this.#items.reduce((sum, item) => sum + item.source.size, 0),
        settledBytes: this.#items.reduce(
          (sum, item) =>
            sum +
            (item.status === 'done' || item.status === 'duplicate'
              ? item.source.size
              : item.status === 'uploading'
                ? item.sentBytes
                : 0),
          0,
        ),
      },
      running: this.#running !== null,
    };
    return this.#snapshot;
  };

  #count(status: UploadItem['status']): number {
    return this.#items.filter((item) => item.status === status).length;
  }

  #patch(id: number, patch: Partial<UploadItem>): void {
    const item = this.#items[id];
    if (!item) return;
    this.#items[id] = { ...item, ...patch };
    this.#changed();
  }

  #changed(): void {
    this.#snapshot = null;
    for (const listener of [...this.#listeners]) listener();
  }
}
