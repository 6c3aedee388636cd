import { Upload } from 'tus-js-client';
import type { DetailedError, FileReader as TusFileReader, HttpStack } from 'tus-js-client';
import {
  duplicateUploadErrorSchema,
  UPLOAD_FILES_PATH,
  uploadResultSchema,
} from '../api/schemas/upload';
import { sha256OfSource } from './checksum';
import type { ChecksumFunction } from './checksum';
import { KeyValueUrlStorage } from './resume-store';
import type { KeyValueStore } from './resume-store';
import { StorageClient } from './storage-client';
import { totalsOf } from './upload-model';
import type {
  UploadFailureKind,
  UploadFile,
  UploadItemId,
  UploadList,
  UploadTotals,
} from './upload-model';
import type { UploadSource } from './upload-source';

/** One file in the engine: the model's file (upload-model.ts) and what the engine needs of it. */
export interface UploadItem extends Readonly<UploadFile> {
  readonly source: UploadSource;
  readonly hashedBytes: number;
  /** SHA-256 (lower-case hex) once hashed. */
  readonly checksum: string | null;
}

/** The model's list (upload-model.ts), its files the engine's items. */
export interface UploadSnapshot extends Readonly<UploadList> {
  readonly files: readonly UploadItem[];
  readonly totals: UploadTotals;
  /** True from `start()` until every file it took is done, a duplicate or failed. */
  readonly running: boolean;
}

export interface UploadEngineOptions {
  /** Absolute base URL of the storage API (`StorageApiUrl` of /config.json, resolved). */
  storageUrl: string;
  /** Asked before every request (tus ones included), so a refreshed token is used at once. */
  getAccessToken: () => Promise<string | null>;
  /** Album the photos join (duplicates too); null or absent for the library only. */
  albumId?: string | null;
  /** Scopes the kept resumable uploads to one user on a shared device (the token's `sub`). */
  accountId?: string | null;
  /** Files sent at the same time. @default 4 */
  concurrency?: number;
  /** Files hashed at the same time. @default 2 */
  hashConcurrency?: number;
  /** Bytes per tus PATCH request. @default 8 MiB */
  chunkSize?: number;
  /** Back-off between tus retries, in ms; one attempt per entry. */
  retryDelays?: number[];
  /** Where upload URLs are kept so the same file picked again resumes; null = not kept. */
  resumeStore?: KeyValueStore | null;
  /** @default sha256OfSource (on the calling thread) */
  checksum?: ChecksumFunction;
  fetch?: typeof fetch;
  /** tus's HTTP stack; the platform's default when absent. */
  httpStack?: HttpStack;
  /** Listeners hear at most one change per this many ms (progress is frequent). @default 100 */
  notifyIntervalMs?: number;
  /** How long to wait between asks for an upload the server is still checking. @default 500 */
  outcomePollMs?: number;
}

export const DEFAULT_UPLOAD_CONCURRENCY = 4;
export const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;
/** About a minute of retries with growing pauses before a file counts as failed. */
export const DEFAULT_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
/** Duplicate checks wait this long for more checksums while every upload slot is busy. */
const CHECK_BATCH_WAIT_MS = 200;
const CHECK_BATCH_MAX = 1000;
/** Asks for the outcome of an upload the server is still checking, at most this many times. */
const OUTCOME_POLLS = 120;

class CancelledError extends Error {
  constructor() {
    super('Cancelled');
  }
}

/** A counting semaphore with a FIFO queue, so files start in the order they were added. */
class Slots {
  #free: number;
  readonly #queue: Array<() => void> = [];
  constructor(count: number) {
    this.#free = Math.max(1, Math.floor(count));
  }
  get idle(): boolean {
    return this.#free > 0;
  }
  acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }
  release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#free += 1;
  }
}

/**
 * The upload engine shared by every host (the web page, the desktop app's main process, the
 * upload benchmark under Node): files are hashed incrementally (SHA-256), asked about in bulk
 * so bytes the user already has are never sent, then sent with the tus resumable-upload protocol
 * through the storage API, several at a time, in chunks, retried with back-off and resumable
 * (from the kept upload URL when the same file is picked again). Observable like a store:
 * `subscribe` + `getSnapshot` (React's `useSyncExternalStore` fits).
 */
export class UploadEngine {
  readonly #options: UploadEngineOptions;
  readonly #client: StorageClient;
  readonly #urlStorage: KeyValueUrlStorage | null;
  readonly #items: UploadItem[] = [];
  readonly #index = new Map<UploadItemId, number>();
  readonly #listeners = new Set<() => void>();
  readonly #active = new Map<UploadItemId, { upload: Upload; settle: () => void }>();
  readonly #abort = new AbortController();
  #snapshot: UploadSnapshot | null = null;
  #running: Promise<UploadSnapshot> | null = null;
  #notifyTimer: ReturnType<typeof setTimeout> | null = null;
  #cancelled = false;
  /** Files taken out of the run under way ({@link withdraw}); they stay `waiting`. */
  readonly #withdrawn = new Set<UploadItemId>();

  constructor(options: UploadEngineOptions) {
    this.#options = options;
    this.#client = new StorageClient({
      storageUrl: options.storageUrl,
      getAccessToken: options.getAccessToken,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    this.#urlStorage = options.resumeStore ? new KeyValueUrlStorage(options.resumeStore) : null;
  }

  /**
   * Adds files as `waiting`; they are sent by the next `start()` (or `retryFailed()`). Answers
   * their ids: `ids` when given (a host's own, one per source, e.g. the desktop queue's entry
   * ids), otherwise the engine's.
   */
  add(sources: readonly UploadSource[], ids?: readonly UploadItemId[]): UploadItemId[] {
    if (this.#cancelled) return [];
    const added: UploadItemId[] = [];
    sources.forEach((source, index) => {
      const id = ids?.[index] ?? String(this.#items.length);
      if (this.#index.has(id)) throw new Error(`Upload item ${id} was added already`);
      this.#index.set(id, this.#items.length);
      this.#items.push({
        id,
        name: source.name,
        size: source.size,
        source,
        status: 'waiting',
        hashedBytes: 0,
        sentBytes: 0,
        checksum: null,
        photoId: null,
        failure: null,
      });
      added.push(id);
    });
    this.#changed(true);
    return added;
  }

  /** Sends every waiting file; resolves when each of them is done, a duplicate or failed. */
  start(): Promise<UploadSnapshot> {
    if (this.#running) return this.#running;
    const ids = this.#items
      .filter((item) => item.status === 'waiting' && !this.#withdrawn.has(item.id))
      .map((item) => item.id);
    const run = this.#run(ids).finally(() => {
      this.#running = null;
      this.#changed(true);
    });
    this.#running = run.then(() => this.getSnapshot());
    this.#changed(true);
    return this.#running;
  }

  /** Puts failed files back to `waiting` and starts; a partly sent file resumes where it was. */
  retryFailed(): Promise<UploadSnapshot> {
    if (this.#running || this.#cancelled)
      return this.#running ?? Promise.resolve(this.getSnapshot());
    for (const item of this.#items) {
      if (item.status === 'failed') this.#set(item.id, { status: 'waiting', failure: null });
    }
    return this.start();
  }

  /**
   * Stops everything for good: running transfers are aborted and their partial uploads removed
   * on the server (tus termination); unfinished files fail as `cancelled`. Photos already made
   * stay: the caller deletes {@link createdPhotoIds} if the user gave up the whole batch.
   */
  async cancel(): Promise<void> {
    if (this.#cancelled) return;
    this.#cancelled = true;
    this.#abort.abort(new CancelledError());
    const active = [...this.#active.entries()];
    this.#active.clear();
    await Promise.all(
      active.map(async ([id, { upload, settle }]) => {
        try {
          await upload.abort(false);
          // The last bytes may have reached the server before the stop, and a photo been made
          // of them: it is reported like those finished before (the caller removes it when the
          // whole batch is given up). Otherwise the partial upload is removed on the server.
          const made = await this.#outcomeAfterStop(upload);
          if (made) this.#settle(id, made.status, made.photoId);
          else await upload.abort(true);
        } catch {
          // Already gone or unreachable: the server expires partial uploads anyway.
        }
        settle();
      }),
    );
    for (const item of this.#items) {
      if (item.status !== 'done' && item.status !== 'duplicate' && item.status !== 'failed') {
        this.#fail(item.id, 'cancelled', 'Cancelled');
      }
    }
    this.#changed(true);
  }

  /**
   * Takes files out of the run under way (a host holds them, e.g. a paused watched folder): they
   * go back to `waiting` and are not sent by this engine, and the run resolves without them. A
   * transfer under way stops but keeps its partial upload on the server, so with a resume store
   * the next engine to send the file continues from the server's offset. Finished files stay.
   */
  withdraw(ids: readonly UploadItemId[]): void {
    for (const id of ids) {
      if (!this.#index.has(id)) continue;
      const { status } = this.#item(id);
      if (status === 'done' || status === 'duplicate' || status === 'failed') continue;
      this.#withdrawn.add(id);
      const active = this.#active.get(id);
      if (active) {
        active.settle();
        active.upload.abort(false).catch(() => {});
      }
      this.#set(id, { status: 'waiting', hashedBytes: 0, sentBytes: 0 });
    }
  }

  /** Photos this engine created (not duplicates): what "Cancel" removes again. */
  createdPhotoIds(): string[] {
    return this.#items.flatMap((item) =>
      item.status === 'done' && item.photoId ? [item.photoId] : [],
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => {
    if (!this.#snapshot) {
      this.#snapshot = {
        files: this.#items.slice(),
        totals: totalsOf(this.#items),
        running: this.#running !== null,
      };
    }
    return this.#snapshot;
  };

  // ---- the pipeline ---------------------------------------------------------------------------

  async #run(ids: UploadItemId[]): Promise<void> {
    const hashSlots = new Slots(this.#options.hashConcurrency ?? 2);
    const uploadSlots = new Slots(this.#options.concurrency ?? DEFAULT_UPLOAD_CONCURRENCY);
    const checks = new ChecksumBatcher(this.#client, this.#abort.signal, () => uploadSlots.idle);
    await Promise.all(ids.map((id) => this.#process(id, hashSlots, uploadSlots, checks)));
  }

  async #process(id: UploadItemId, hashSlots: Slots, uploadSlots: Slots, checks: ChecksumBatcher) {
    try {
      let checksum = this.#item(id).checksum;
      if (!checksum) {
        await hashSlots.acquire();
        try {
          this.#throwIfStopped(id);
          this.#set(id, { status: 'checking', hashedBytes: 0 });
          checksum = await this.#hash(id);
        } finally {
          hashSlots.release();
        }
        this.#throwIfStopped(id);
        this.#set(id, { checksum, hashedBytes: this.#item(id).source.size });
      } else {
        this.#set(id, { status: 'checking' });
      }
      const existing = await checks.check(checksum);
      this.#throwIfStopped(id);
      // With an album the upload's creation adds the existing photo to it (answering 409,
      // before any byte is sent); without one there is nothing left to do.
      if (existing && !this.#options.albumId) {
        this.#settle(id, 'duplicate', existing);
        return;
      }
      await uploadSlots.acquire();
      try {
        this.#throwIfStopped(id);
        this.#set(id, { status: 'uploading' });
        await this.#send(id, checksum, existing === null);
      } finally {
        uploadSlots.release();
      }
    } catch (error) {
      if (this.#cancelled || error instanceof CancelledError || this.#withdrawn.has(id)) return;
      this.#fail(id, 'unreadable', error instanceof Error ? error.message : String(error));
    }
  }

  async #hash(id: UploadItemId): Promise<string> {
    const { source } = this.#item(id);
    const checksum = this.#options.checksum ?? sha256OfSource;
    try {
      const hex = await checksum(source, {
        signal: this.#abort.signal,
        onProgress: (hashedBytes) => this.#set(id, { hashedBytes }, false),
      });
      return hex.toLowerCase();
    } catch (error) {
      this.#throwIfCancelled();
      throw error;
    }
  }

  /**
   * One tus upload; settles the item itself and never rejects. A new file (`fresh`: the bulk
   * check did not know it) that fits one chunk goes in the creation request itself (tus's
   * creation-with-upload): one request instead of a creation and a PATCH, and the server
   * answers the photo in it. Its price: a creation whose body breaks off has no upload URL to
   * resume from, so that file (at most one chunk) is sent again from its start. A known file
   * creates without a body, so the server's 409 comes before any byte is sent.
   */
  #send(id: UploadItemId, checksum: string, fresh: boolean): Promise<void> {
    const { source } = this.#item(id);
    const { albumId, accountId } = this.#options;
    const chunkSize = this.#options.chunkSize ?? DEFAULT_CHUNK_BYTES;
    const endpoint = `${this.#options.storageUrl}${UPLOAD_FILES_PATH}`;
    const fingerprint = JSON.stringify([accountId ?? null, endpoint, checksum, source.resumeKey]);
    return new Promise<void>((resolve) => {
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        this.#active.delete(id);
        resolve();
      };
      const upload = new Upload(source as unknown as Blob, {
        endpoint,
        uploadSize: source.size,
        chunkSize,
        uploadDataDuringCreation: fresh && source.size <= chunkSize,
        retryDelays: this.#options.retryDelays ?? DEFAULT_RETRY_DELAYS,
        metadata: {
          filename: source.name,
          filetype: source.type,
          checksum,
          ...(albumId ? { albumId } : {}),
        },
        fileReader: sourceReader,
        fingerprint: async () => fingerprint,
        ...(this.#urlStorage
          ? {
              urlStorage: this.#urlStorage,
              storeFingerprintForResuming: true,
              removeFingerprintOnSuccess: true,
            }
          : { storeFingerprintForResuming: false }),
        ...(this.#options.httpStack ? { httpStack: this.#options.httpStack } : {}),
        onBeforeRequest: async (request) => {
          const token = await this.#options.getAccessToken();
          if (token) request.setHeader('Authorization', `Bearer ${token}`);
          // Each tus request gets its own id, as every other call (docs/product.md#apis).
          request.setHeader('X-CorrelationId', globalThis.crypto.randomUUID());
        },
        onShouldRetry: (error) => !this.#cancelled && shouldRetry(error),
        onProgress: (sentBytes) => {
          if (!settled) this.#set(id, { sentBytes }, false);
        },
        onSuccess: ({ lastResponse }) => {
          void this.#finish(id, upload, lastResponse.getBody()).finally(settle);
        },
        onError: (error) => {
          if (!settled && !this.#cancelled) this.#failFromTus(id, error);
          settle();
        },
      });
      this.#active.set(id, { upload, settle });
      upload
        .findPreviousUploads()
        .then((previous) => {
          if (settled) return;
          const [latest] = previous;
          if (latest) upload.resumeFromPreviousUpload(latest);
          upload.start();
        })
        .catch(() => {
          if (!settled) upload.start();
        });
    });
  }

  /**
   * The completing request (the PATCH, or the creation that carried the whole file) answers the
   * result; a resumed, already complete upload is looked up.
   */
  async #finish(id: UploadItemId, upload: Upload, body: string): Promise<void> {
    const result = uploadResultSchema.safeParse(parseJson(body));
    if (result.success) {
      this.#settle(
        id,
        result.data.status === 'created' ? 'done' : 'duplicate',
        result.data.photoId,
      );
      return;
    }
    const uploadId = upload.url?.split('/').pop() ?? '';
    try {
      for (let poll = 0; poll < OUTCOME_POLLS; poll += 1) {
        this.#throwIfCancelled();
        const record = await this.#client.upload(uploadId, this.#abort.signal);
        if (!record) break;
        if ((record.status === 'created' || record.status === 'duplicate') && record.photoId) {
          this.#settle(id, record.status === 'created' ? 'done' : 'duplicate', record.photoId);
          return;
        }
        if (record.status === 'refused') {
          this.#fail(id, 'refused', record.error ?? 'Refused');
          return;
        }
        await delay(this.#options.outcomePollMs ?? 500, this.#abort.signal);
      }
      this.#fail(id, 'server', 'The server did not say what became of the upload');
    } catch (error) {
      if (this.#cancelled) return;
      this.#fail(id, 'network', error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * What the server made of a stopped upload: a photo (or a duplicate of one) when every byte had
   * arrived, waiting while it is being checked; null when the upload was not complete.
   */
  async #outcomeAfterStop(
    upload: Upload,
  ): Promise<{ status: 'done' | 'duplicate'; photoId: string } | null> {
    const uploadId = upload.url?.split('/').pop();
    if (!uploadId) return null;
    for (let poll = 0; poll < OUTCOME_POLLS; poll += 1) {
      const record = await this.#client.upload(uploadId);
      if (!record || record.status === 'refused') return null;
      if ((record.status === 'created' || record.status === 'duplicate') && record.photoId)
        return {
          status: record.status === 'created' ? 'done' : 'duplicate',
          photoId: record.photoId,
        };
      if (record.status === 'uploading' && record.offset < record.size) return null;
      await delay(this.#options.outcomePollMs ?? 500);
    }
    return null;
  }

  #failFromTus(id: UploadItemId, error: Error | DetailedError): void {
    const detailed = error as Partial<DetailedError>;
    const response = detailed.originalResponse ?? null;
    const status = response?.getStatus() ?? 0;
    const body = parseJson(response?.getBody() ?? '');
    const message =
      (isRecord(body) && typeof body.message === 'string' && body.message) || error.message;
    if (status === 409 && detailed.originalRequest?.getMethod() === 'POST') {
      const duplicate = duplicateUploadErrorSchema.safeParse(body);
      if (duplicate.success) {
        this.#settle(id, 'duplicate', duplicate.data.photoId);
        return;
      }
    }
    if (status === 0) this.#fail(id, 'network', message);
    else if (status === 415) this.#fail(id, 'refused', message);
    else if (status === 413) this.#fail(id, 'too-large', message);
    else if (status === 422) this.#fail(id, 'checksum', message);
    else this.#fail(id, 'server', message);
  }

  // ---- state ----------------------------------------------------------------------------------

  #item(id: UploadItemId): UploadItem {
    const item = this.#items[this.#index.get(id) ?? -1];
    if (!item) throw new Error(`No upload item ${id}`);
    return item;
  }

  #set(id: UploadItemId, patch: Partial<Omit<UploadItem, 'id' | 'source'>>, urgent = true): void {
    this.#items[this.#index.get(id) ?? -1] = { ...this.#item(id), ...patch };
    this.#changed(urgent);
  }

  #settle(id: UploadItemId, status: 'done' | 'duplicate', photoId: string): void {
    const { size } = this.#item(id).source;
    this.#set(id, { status, photoId, failure: null, sentBytes: status === 'done' ? size : 0 });
  }

  #fail(id: UploadItemId, kind: UploadFailureKind, message: string): void {
    this.#set(id, { status: 'failed', failure: { kind, message }, sentBytes: 0 });
  }

  #throwIfCancelled(): void {
    if (this.#cancelled) throw new CancelledError();
  }

  /** Cancelled, or this file withdrawn: it goes no further in this run. */
  #throwIfStopped(id: UploadItemId): void {
    this.#throwIfCancelled();
    if (this.#withdrawn.has(id)) throw new CancelledError();
  }

  /** State changes reach listeners at once; progress at most every `notifyIntervalMs`. */
  #changed(urgent: boolean): void {
    this.#snapshot = null;
    const interval = this.#options.notifyIntervalMs ?? 100;
    if (urgent || interval <= 0) {
      if (this.#notifyTimer) clearTimeout(this.#notifyTimer);
      this.#notifyTimer = null;
      this.#emit();
    } else if (!this.#notifyTimer) {
      this.#notifyTimer = setTimeout(() => {
        this.#notifyTimer = null;
        this.#emit();
      }, interval);
    }
  }

  #emit(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

/**
 * Collects checksums into bulk duplicate checks: at once while an upload slot is free (so the
 * line never idles), otherwise after a short wait or when the batch is full.
 */
class ChecksumBatcher {
  readonly #client: StorageClient;
  readonly #signal: AbortSignal;
  readonly #urgent: () => boolean;
  #pending = new Map<string, Array<(photoId: string | null) => void>>();
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(client: StorageClient, signal: AbortSignal, urgent: () => boolean) {
    this.#client = client;
    this.#signal = signal;
    this.#urgent = urgent;
  }

  check(checksum: string): Promise<string | null> {
    return new Promise((resolve) => {
      const waiting = this.#pending.get(checksum) ?? [];
      waiting.push(resolve);
      this.#pending.set(checksum, waiting);
      if (this.#pending.size >= CHECK_BATCH_MAX) this.#flush();
      else if (!this.#timer)
        this.#timer = setTimeout(() => this.#flush(), this.#urgent() ? 0 : CHECK_BATCH_WAIT_MS);
    });
  }

  #flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const batch = this.#pending;
    this.#pending = new Map();
    if (batch.size === 0) return;
    this.#client
      .knownChecksums([...batch.keys()], this.#signal)
      // Without an answer every file counts as new: the server refuses a second copy anyway.
      .catch(() => new Map<string, string>())
      .then((known) => {
        for (const [checksum, resolvers] of batch) {
          for (const resolve of resolvers) resolve(known.get(checksum) ?? null);
        }
      });
  }
}

/** tus reads through the source itself, so every host's source works with every HTTP stack. */
const sourceReader: TusFileReader = {
  async openFile(input: unknown) {
    const source = input as UploadSource;
    return {
      size: source.size,
      async slice(start: number, end: number) {
        const stop = Math.min(end, source.size);
        const value = await source.slice(start, stop);
        // tus measures a chunk by its `size` (Blob has one; byte arrays get it, as tus's own
        // Node sources do).
        if (value instanceof Uint8Array && !('size' in value))
          Object.defineProperty(value, 'size', { value: value.byteLength });
        return { value, done: stop >= source.size };
      },
      close() {},
    };
  },
};

/**
 * Retried: no answer at all (a dropped connection), 5xx, 408, 423 (locked), 429, and a 409 on
 * anything but creation (an offset that moved); never a refusal of the file itself.
 */
function shouldRetry(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  if (status === 0 || status >= 500) return true;
  if (status === 408 || status === 423 || status === 429) return true;
  return status === 409 && error.originalRequest?.getMethod() !== 'POST';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new CancelledError());
      },
      { once: true },
    );
  });
}
