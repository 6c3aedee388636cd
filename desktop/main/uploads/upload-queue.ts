/**
 * The desktop upload queue: the shared upload engine (core/src/transfer) run in main, reading
 * files straight from disk, with the queue kept in `userData` so that quitting mid-upload and
 * starting again continues where it stopped (docs/desktop.md "Uploads"). Its files are the
 * upload model's (core/src/transfer/upload-model.ts), known by their entry ids everywhere:
 * progress, the renderer's lists, retries.
 *
 * Its parts, one job each (queue/):
 * - `queue-file.ts`: the queue file (schema, what a restart keeps, atomic writes);
 * - `queue-entries.ts`: the entries by id and the account they belong to;
 * - `queue-snapshot.ts`: the snapshots the renderer and listeners get;
 * - `file-source.ts`: a file read from disk, gone or changed since it was queued;
 * - `scheduler.ts`: one album target at a time through one engine, `concurrency` on the wire.
 */
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { KeyValueStore } from '@photo/core/transfer/resume-store';
import { isSettled } from '@photo/core/transfer/upload-model';
import type { UploadItemId, UploadList } from '@photo/core/transfer/upload-model';
import type { HttpStack } from 'tus-js-client';
import { createQueueEntries } from './queue/queue-entries';
import { createQueueFileWriter, loadQueueFile, MAX_QUEUED_FILES } from './queue/queue-file';
import type { QueueEntry } from './queue/queue-file';
import { createQueueSnapshots } from './queue/queue-snapshot';
import { createScheduler } from './queue/scheduler';

export { MAX_QUEUED_FILES } from './queue/queue-file';
export type { QueueEntry } from './queue/queue-file';
export { LISTED_FILES } from './queue/queue-snapshot';
export { UPLOAD_CONCURRENCY } from './queue/scheduler';

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
  onChange?: (snapshot: UploadList) => void;
}

export function createUploadQueue(deps: UploadQueueDeps) {
  const entries = createQueueEntries();
  /** The engine's resume store (tus upload URLs under their fingerprints), kept in the file. */
  const resume = new Map<string, string>();
  const file = createQueueFileWriter(deps.filePath, () => ({
    version: 1,
    files: [...entries.all()],
    resume: Object.fromEntries(resume),
  }));
  const save = () => file.save();
  const snapshots = createQueueSnapshots(entries, () => scheduler.running !== null, deps.onChange);
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
  const scheduler = createScheduler(deps, entries, snapshots, resumeStore, save);

  let loading: Promise<void> | null = null;
  function ensureLoaded(): Promise<void> {
    loading ??= loadQueueFile(deps.filePath).then((kept) => {
      entries.replace(kept.entries);
      for (const [key, value] of Object.entries(kept.resume)) resume.set(key, value);
    });
    return loading;
  }

  /** Resolves when each of `ids` is done, a duplicate or failed (or dropped: cancelled). */
  function settled(ids: readonly UploadItemId[]): Promise<QueueEntry[]> {
    const pick = () => ids.map((id) => entries.get(id));
    return new Promise((resolve) => {
      let off = () => {};
      const check = () => {
        const now = pick();
        if (!now.every((entry) => !entry || isSettled(entry.status))) return false;
        off();
        resolve(now.filter((entry): entry is QueueEntry => entry !== undefined));
        return true;
      };
      if (!check()) off = snapshots.subscribe(check);
    });
  }

  return {
    /** Loads the kept queue and sends what is left of the signed-in user's files. */
    async resume(): Promise<UploadList> {
      await ensureLoaded();
      entries.account = (await deps.getAccountId()) ?? entries.account;
      void scheduler.run();
      return snapshots.listedSnapshot();
    },

    /**
     * Adds files for the signed-in user (waiting, in this order) and starts sending; answers
     * their queue ids, one per file, in the same order. A file already queued and failed (picked
     * again, "Retry") goes again under its id.
     */
    async add(files: QueueFileInput[], albumId: string | null): Promise<UploadItemId[]> {
      await ensureLoaded();
      const accountId = await deps.getAccountId();
      if (!accountId) throw new Error('Not signed in');
      entries.account = accountId;
      if (entries.all().length + files.length > MAX_QUEUED_FILES)
        throw new RangeError(`The upload queue holds at most ${MAX_QUEUED_FILES} files`);
      const ids: UploadItemId[] = [];
      for (const input of files) {
        const again = entries
          .all()
          .find(
            (e) =>
              e.status === 'failed' &&
              e.path === input.path &&
              e.albumId === albumId &&
              e.accountId === accountId,
          );
        if (again) {
          entries.patch(again, { status: 'waiting', failure: null });
          ids.push(again.id);
          continue;
        }
        const info = await stat(input.path).catch(() => null);
        const entry: QueueEntry = {
          id: randomUUID(),
          path: input.path,
          name: input.name,
          type: input.type,
          size: info?.size ?? 0,
          mtimeMs: info?.mtimeMs ?? 0,
          albumId,
          accountId,
          status: 'waiting',
          photoId: null,
          failure: null,
        };
        entries.push(entry);
        ids.push(entry.id);
      }
      await save();
      snapshots.changed();
      void scheduler.run();
      return ids;
    },

    /**
     * Holds files back (a paused watched folder): those not sent stay `waiting` and are not
     * sent, one under way stops and keeps its partial upload; kept across restarts.
     */
    async hold(ids: readonly UploadItemId[]): Promise<void> {
      await ensureLoaded();
      const held = ids.flatMap((id) => {
        const entry = entries.get(id);
        if (!entry || isSettled(entry.status)) return [];
        entries.patch(entry, { held: true });
        return [id];
      });
      scheduler.withdraw(held);
      // Listeners hear it the moment it holds (the file is written after).
      snapshots.changed();
      await save();
    },

    /** Sends held files again (Resume); a partly sent one continues from the server's offset. */
    async release(ids: readonly UploadItemId[]): Promise<void> {
      await ensureLoaded();
      for (const id of ids) {
        const entry = entries.get(id);
        if (entry?.held) entries.patch(entry, { held: false });
      }
      await save();
      snapshots.changed();
      void scheduler.run();
    },

    /** Failed files go again (a partly sent one resumes from the server's offset). */
    async retryFailed(): Promise<void> {
      await ensureLoaded();
      for (const entry of entries.mine())
        if (entry.status === 'failed') entries.patch(entry, { status: 'waiting', failure: null });
      await save();
      snapshots.changed();
      void scheduler.run();
    },

    /**
     * The user gave up: files not yet sent are dropped, transfers under way are stopped and
     * their partial uploads removed on the server. Photos already made stay (the caller decides).
     */
    async cancel(): Promise<void> {
      await ensureLoaded();
      for (const entry of entries.mine())
        if (entry.status === 'waiting') entries.fail(entry, 'cancelled', 'Cancelled');
      await scheduler.stop();
      entries.retain(
        (entry) => entry.accountId !== entries.account || entry.failure?.kind !== 'cancelled',
      );
      await save();
      snapshots.changed();
    },

    /** Forgets the signed-in user's settled files, once nothing of theirs is left to send. */
    async clear(): Promise<void> {
      await ensureLoaded();
      if (scheduler.running || entries.mine().some((entry) => !isSettled(entry.status))) return;
      entries.retain((entry) => entry.accountId !== entries.account);
      snapshots.forget();
      await save();
      snapshots.changed();
    },

    settled,
    /** The entry of a queue id (main only: it holds the path). */
    entry: (id: UploadItemId): QueueEntry | null => entries.get(id) ?? null,
    /** One file as the renderer may see it (no path), or null. */
    file: snapshots.fileOf,
    getSnapshot: snapshots.getSnapshot,
    listedSnapshot: snapshots.listedSnapshot,
    subscribe: snapshots.subscribe,
    /** Resolves once the running round is over (tests; quitting). */
    idle: async (): Promise<void> => {
      while (scheduler.running) await scheduler.running;
      await file.flush();
    },
    /** Resolves once the file is written. */
    flush: () => file.flush(),
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;
