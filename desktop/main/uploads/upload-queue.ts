/**
 * The desktop upload queue: the shared upload engine (core/src/transfer) run in main, reading
 * files straight from disk, with the queue kept in `userData` so that quitting mid-upload and
 * starting again continues where it stopped (docs/desktop.md "Uploads").
 *
 * The queue file holds, per file: its path, size and modification time, the album it goes to,
 * the account it belongs to and its state; and the engine's resume store (the tus upload URLs
 * under their fingerprints), so a partly sent file continues from the server's offset. It is
 * written atomically after every change of state, never for progress alone.
 *
 * Files are sent one batch (one album target) at a time through one engine, so at most
 * `concurrency` files are on the wire whatever the number of batches.
 */
import { randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { UploadEngine } from '@photo/core/transfer/upload-engine';
import type { UploadItem, UploadSnapshot } from '@photo/core/transfer/upload-engine';
import type { KeyValueStore } from '@photo/core/transfer/resume-store';
import { blobSource } from '@photo/core/transfer/upload-source';
import type { UploadSource } from '@photo/core/transfer/upload-source';
import type { HttpStack } from 'tus-js-client';
import { z } from 'zod';
import type {
  UploadQueueFailure,
  UploadQueueFile,
  UploadQueueSnapshot,
} from '../../common/ipc-contract';
import { imageTypeOfFile } from '../files/image-picker';
import { nodeSha256 } from './node-checksum';
import { writeFileAtomic } from '../storage/atomic-write';

/** Files sent at the same time (the engine's default; the product's bound for bulk uploads). */
export const UPLOAD_CONCURRENCY = 4;
/**
 * The renderer is sent the totals and this many files (failed, then active, then waiting ones
 * first), so a queue of thousands costs the window no more than its panel shows.
 */
export const LISTED_FILES = 100;
const LIST_ORDER: Record<QueueEntry['status'], number> = {
  failed: 0,
  uploading: 1,
  checking: 2,
  waiting: 3,
  done: 4,
  duplicate: 5,
};

/** The queue keeps at most this many files (ten folder picks at their limit). */
export const MAX_QUEUED_FILES = 200_000;

const statusSchema = z.enum(['waiting', 'checking', 'uploading', 'done', 'duplicate', 'failed']);
const failureKindSchema = z.enum([
  'refused',
  'too-large',
  'checksum',
  'unreadable',
  'network',
  'server',
  'cancelled',
  'missing',
]);
const entrySchema = z.object({
  id: z.string().min(1),
  path: z.string().min(1),
  name: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
  mtimeMs: z.number(),
  albumId: z.string().nullable(),
  accountId: z.string().min(1),
  status: statusSchema,
  photoId: z.string().nullable(),
  failure: z.object({ kind: failureKindSchema, message: z.string() }).nullable(),
});
const queueFileSchema = z.object({
  version: z.literal(1),
  files: z.array(entrySchema).max(MAX_QUEUED_FILES),
  resume: z.record(z.string(), z.string()),
});

export type QueueEntry = z.infer<typeof entrySchema>;
type QueueFileContent = z.infer<typeof queueFileSchema>;

/** A file to add: where it is and what the picker found. */
export interface QueueFileInput {
  path: string;
  name: string;
  type: string;
}

export interface UploadQueueDeps {
  /** `userData/upload-queue.json`. */
  filePath: string;
  /** Absolute storage API URL (`StorageApiUrl` of /config.json, resolved against the server). */
  storageUrl: () => Promise<string>;
  getAccessToken: () => Promise<string | null>;
  /** The signed-in user (`sub`); null when signed out (nothing is sent then). */
  getAccountId: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** tus's HTTP stack (tests count requests through it). */
  httpStack?: HttpStack;
  concurrency?: number;
  chunkSize?: number;
  retryDelays?: number[];
  /** Hears every change (state at once, progress at most every 100 ms). */
  onChange?: (snapshot: UploadQueueSnapshot) => void;
}

interface Live {
  sentBytes: number;
}

const SETTLED = new Set(['done', 'duplicate', 'failed']);

export function createUploadQueue(deps: UploadQueueDeps) {
  let entries: QueueEntry[] = [];
  const byId = new Map<string, QueueEntry>();
  const reindex = () => {
    byId.clear();
    for (const entry of entries) byId.set(entry.id, entry);
  };
  const resume = new Map<string, string>();
  const live = new Map<string, Live>();
  const listeners = new Set<() => void>();
  let loading: Promise<void> | null = null;
  let account: string | null = null;
  let running: Promise<void> | null = null;
  let engineRunning: UploadEngine | null = null;
  let runAgain = false;
  let snapshot: UploadQueueSnapshot | null = null;

  // ---- the file ------------------------------------------------------------------------------

  function ensureLoaded(): Promise<void> {
    loading ??= readFile(deps.filePath, 'utf8')
      .then((text) => {
        const parsed = queueFileSchema.safeParse(JSON.parse(text));
        // A damaged file must not keep the app from starting: the queue starts empty.
        if (!parsed.success) return;
        // What was on its way when the app stopped goes again; finished files are forgotten.
        entries = parsed.data.files
          .filter((entry) => entry.status !== 'done' && entry.status !== 'duplicate')
          .map((entry) =>
            entry.status === 'failed' ? entry : { ...entry, status: 'waiting' as const },
          );
        reindex();
        for (const [key, value] of Object.entries(parsed.data.resume)) resume.set(key, value);
      })
      .catch(() => {});
    return loading;
  }

  let writing: Promise<void> | null = null;
  let dirty = false;
  /** Writes the file now, or once more after the write under way (never two at a time). */
  function save(): Promise<void> {
    dirty = true;
    writing ??= (async () => {
      while (dirty) {
        dirty = false;
        const content: QueueFileContent = {
          version: 1,
          files: entries,
          resume: Object.fromEntries(resume),
        };
        await writeFileAtomic(deps.filePath, JSON.stringify(content)).catch((error: unknown) =>
          console.error('The upload queue could not be saved', error),
        );
      }
    })().finally(() => {
      writing = null;
    });
    return writing;
  }

  /** The engine's resume store (tus upload URLs), kept in the queue file. */
  const resumeStore: KeyValueStore = {
    get: (key) => resume.get(key) ?? null,
    set: (key, value) => {
      resume.set(key, value);
      void save();
    },
    remove: (key) => {
      if (resume.delete(key)) void save();
    },
  };

  // ---- state ---------------------------------------------------------------------------------

  function changed(): void {
    snapshot = null;
    for (const listener of [...listeners]) listener();
    if (deps.onChange) deps.onChange(listedSnapshot());
  }

  /** The snapshot the renderer gets: every total, the files that matter most. */
  function listedSnapshot(): UploadQueueSnapshot {
    const full = getSnapshot();
    if (full.files.length <= LISTED_FILES) return full;
    const files = full.files
      .map((file, index) => ({ file, index }))
      .sort((a, b) => LIST_ORDER[a.file.status] - LIST_ORDER[b.file.status] || a.index - b.index)
      .slice(0, LISTED_FILES)
      .map(({ file }) => file);
    return { ...full, files };
  }

  function patch(entry: QueueEntry, change: Partial<QueueEntry>): QueueEntry {
    return Object.assign(entry, change);
  }

  function fail(entry: QueueEntry, kind: UploadQueueFailure, message: string): void {
    patch(entry, { status: 'failed', failure: { kind, message } });
    live.delete(entry.id);
  }

  function mine(): QueueEntry[] {
    return entries.filter((entry) => entry.accountId === account);
  }

  function getSnapshot(): UploadQueueSnapshot {
    if (snapshot) return snapshot;
    const totals: UploadQueueSnapshot['totals'] = {
      files: 0,
      waiting: 0,
      checking: 0,
      uploading: 0,
      done: 0,
      duplicate: 0,
      failed: 0,
      totalBytes: 0,
      settledBytes: 0,
    };
    const files: UploadQueueFile[] = mine().map((entry) => {
      const sentBytes = live.get(entry.id)?.sentBytes ?? 0;
      totals.files += 1;
      totals[entry.status] += 1;
      totals.totalBytes += entry.size;
      // Failed files count as settled too: nothing more of them is sent unless retried.
      if (SETTLED.has(entry.status)) totals.settledBytes += entry.size;
      else if (entry.status === 'uploading') totals.settledBytes += sentBytes;
      return {
        id: entry.id,
        name: entry.name,
        size: entry.size,
        status: entry.status,
        sentBytes,
        failure: entry.failure?.kind ?? null,
      };
    });
    snapshot = { files, totals, running: running !== null };
    return snapshot;
  }

  // ---- sending -------------------------------------------------------------------------------

  /** A source reading the file from disk on demand (only the chunk being sent is in memory). */
  async function sourceOf(entry: QueueEntry): Promise<UploadSource | null> {
    const info = await stat(entry.path).catch(() => null);
    if (!info?.isFile()) {
      fail(entry, 'missing', 'The file is no longer where it was picked');
      return null;
    }
    if (info.size !== entry.size || info.mtimeMs !== entry.mtimeMs) {
      // Changed on disk since it was queued: hashed and checked again as the file it is now
      // (its new size and time give it a new resume key, so an old partial upload is not used).
      const type = (await imageTypeOfFile(entry.path)) ?? entry.type;
      patch(entry, { size: info.size, mtimeMs: info.mtimeMs, type });
    }
    try {
      const blob = await openAsBlob(entry.path);
      return blobSource(blob, {
        name: entry.name,
        type: entry.type,
        lastModified: entry.mtimeMs,
        sendAs: 'bytes',
      });
    } catch (error) {
      fail(entry, 'unreadable', error instanceof Error ? error.message : String(error));
      return null;
    }
  }

  /** Copies the engine's item states onto the queue entries they came from. */
  function sync(engineSnapshot: UploadSnapshot, ids: string[]): void {
    let stateChanged = false;
    engineSnapshot.items.forEach((item: UploadItem, index) => {
      const id = ids[index];
      const entry = id ? byId.get(id) : undefined;
      if (!entry) return;
      const sentBytes = item.status === 'checking' ? item.hashedBytes : item.sentBytes;
      live.set(entry.id, { sentBytes });
      if (entry.status !== item.status || entry.photoId !== item.photoId) {
        patch(entry, {
          status: item.status,
          photoId: item.photoId,
          failure: item.failure ? { kind: item.failure.kind, message: item.failure.message } : null,
        });
        stateChanged = true;
      }
    });
    if (stateChanged) void save();
    changed();
  }

  async function runBatch(batch: QueueEntry[], albumId: string | null, accountId: string) {
    const ids: string[] = [];
    const sources: UploadSource[] = [];
    for (const entry of batch) {
      const source = await sourceOf(entry);
      if (!source) continue;
      ids.push(entry.id);
      sources.push(source);
    }
    changed();
    void save();
    if (sources.length === 0) return;
    const engine = new UploadEngine({
      storageUrl: await deps.storageUrl(),
      getAccessToken: deps.getAccessToken,
      albumId,
      accountId,
      resumeStore,
      checksum: nodeSha256,
      concurrency: deps.concurrency ?? UPLOAD_CONCURRENCY,
      ...(deps.chunkSize ? { chunkSize: deps.chunkSize } : {}),
      ...(deps.retryDelays ? { retryDelays: deps.retryDelays } : {}),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.httpStack ? { httpStack: deps.httpStack } : {}),
    });
    engine.add(sources);
    const off = engine.subscribe(() => sync(engine.getSnapshot(), ids));
    engineRunning = engine;
    try {
      sync(await engine.start(), ids);
    } finally {
      engineRunning = null;
      off();
    }
  }

  async function runAll(): Promise<void> {
    for (;;) {
      runAgain = false;
      const accountId = await deps.getAccountId();
      account = accountId ?? account;
      if (!accountId) return;
      const [first] = entries.filter((e) => e.status === 'waiting' && e.accountId === accountId);
      if (!first) {
        if (runAgain) continue;
        return;
      }
      const batch = entries.filter(
        (e) => e.status === 'waiting' && e.accountId === accountId && e.albumId === first.albumId,
      );
      await runBatch(batch, first.albumId, accountId);
    }
  }

  /** Sends every waiting file of the signed-in user; a call while sending adds to the round. */
  function run(): Promise<void> {
    if (running) {
      runAgain = true;
      return running;
    }
    running = runAll()
      .catch((error: unknown) => console.error('Uploading stopped', error))
      .finally(() => {
        running = null;
        changed();
      });
    changed();
    return running;
  }

  /** Resolves when each of `ids` is done, a duplicate or failed. */
  function settled(ids: string[]): Promise<QueueEntry[]> {
    const pick = () => ids.map((id) => byId.get(id));
    return new Promise((resolve) => {
      const check = () => {
        const now = pick();
        if (now.every((entry) => !entry || SETTLED.has(entry.status))) {
          listeners.delete(check);
          resolve(now.filter((entry): entry is QueueEntry => entry !== undefined));
          return true;
        }
        return false;
      };
      if (!check()) listeners.add(check);
    });
  }

  return {
    /** Loads the kept queue and sends what is left of the signed-in user's files. */
    async resume(): Promise<UploadQueueSnapshot> {
      await ensureLoaded();
      account = (await deps.getAccountId()) ?? account;
      void run();
      return listedSnapshot();
    },

    /**
     * Adds files for the signed-in user (waiting, in this order) and starts sending; answers
     * their queue ids. A file already queued and failed (picked again, "Retry") goes again.
     */
    async add(files: QueueFileInput[], albumId: string | null): Promise<string[]> {
      await ensureLoaded();
      const accountId = await deps.getAccountId();
      if (!accountId) throw new Error('Not signed in');
      account = accountId;
      if (entries.length + files.length > MAX_QUEUED_FILES)
        throw new RangeError(`The upload queue holds at most ${MAX_QUEUED_FILES} files`);
      const ids: string[] = [];
      for (const file of files) {
        const info = await stat(file.path).catch(() => null);
        const again = entries.find(
          (e) =>
            e.status === 'failed' &&
            e.path === file.path &&
            e.albumId === albumId &&
            e.accountId === accountId,
        );
        if (again) {
          patch(again, { status: 'waiting', failure: null });
          ids.push(again.id);
          continue;
        }
        const entry: QueueEntry = {
          id: randomUUID(),
          path: file.path,
          name: file.name,
          type: file.type,
          size: info?.size ?? 0,
          mtimeMs: info?.mtimeMs ?? 0,
          albumId,
          accountId,
          status: 'waiting',
          photoId: null,
          failure: null,
        };
        entries.push(entry);
        byId.set(entry.id, entry);
        ids.push(entry.id);
      }
      await save();
      changed();
      void run();
      return ids;
    },

    /** Failed files go again (a partly sent one resumes from the server's offset). */
    async retryFailed(): Promise<void> {
      await ensureLoaded();
      for (const entry of mine())
        if (entry.status === 'failed') patch(entry, { status: 'waiting', failure: null });
      await save();
      changed();
      void run();
    },

    /**
     * The user gave up: files not yet sent are dropped, transfers under way are stopped and
     * their partial uploads removed on the server. Photos already made stay (the caller decides).
     */
    async cancel(): Promise<void> {
      await ensureLoaded();
      for (const entry of mine())
        if (entry.status === 'waiting') fail(entry, 'cancelled', 'Cancelled');
      await engineRunning?.cancel();
      entries = entries.filter(
        (entry) => entry.accountId !== account || entry.failure?.kind !== 'cancelled',
      );
      reindex();
      await save();
      changed();
    },

    /** Forgets the signed-in user's settled files, once nothing of theirs is left to send. */
    async clear(): Promise<void> {
      await ensureLoaded();
      if (running || mine().some((entry) => !SETTLED.has(entry.status))) return;
      entries = entries.filter((entry) => entry.accountId !== account);
      reindex();
      live.clear();
      await save();
      changed();
    },

    settled,
    /** The entry of a queue id (main only: it holds the path). */
    entry: (id: string) => byId.get(id) ?? null,
    getSnapshot,
    listedSnapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resolves once the running round is over (tests; quitting). */
    idle: async (): Promise<void> => {
      while (running) await running;
      await writing;
    },
    /** Resolves once the file is written. */
    flush: async (): Promise<void> => {
      await writing;
    },
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;
