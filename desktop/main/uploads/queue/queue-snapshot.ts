/**
 * What the queue shows: the model's list (core/src/transfer/upload-model.ts) of the signed-in
 * account's files, with the bytes under way, built once per change; the renderer is sent every
 * total and the files that matter most, so a queue of thousands costs the window no more than
 * its panel shows. Listeners in main hear each change (states at once, progress as the engine
 * reports it, at most every 100 ms); the window hears the newest snapshot at most every
 * {@link WINDOW_INTERVAL_MS}.
 */
import throttle from 'lodash.throttle';
import { listedFiles, totalsOf, UPLOAD_LIST_LIMIT } from '@photo/core/transfer/upload-model';
import type { UploadFile, UploadItemId, UploadList } from '@photo/core/transfer/upload-model';
import type { QueueEntries } from './queue-entries';
import type { QueueEntry } from './queue-file';

/** The renderer is sent the totals and this many files (the list's order: failed ones first). */
export const LISTED_FILES = UPLOAD_LIST_LIMIT;

/**
 * The window is sent the queue at most this often: the first change at once, then the newest at
 * the end of each interval. Sent at every change, a round of 150 photos made some 180 snapshots
 * a second (a dozen state changes a file), each a list of 100 files; the window fell seconds
 * behind, and the watched folders' row, whose changes travel the same way, went on saying
 * "Uploading 12 of 150" long after Pause had held the folder.
 */
export const WINDOW_INTERVAL_MS = 100;

/** An entry as the model's file: never its path, nor the failure's message (it may hold one). */
export function fileOf(entry: QueueEntry, sentBytes: number): UploadFile {
  return {
    id: entry.id,
    name: entry.name,
    size: entry.size,
    // The queue keeps a held file as `waiting` with its `held` flag (the scheduler skips it);
    // the model says it is held, so the panel can tell it from one about to be sent.
    status: entry.held && entry.status === 'waiting' ? 'held' : entry.status,
    sentBytes: entry.status === 'done' ? entry.size : entry.status === 'failed' ? 0 : sentBytes,
    photoId: entry.photoId,
    failure: entry.failure ? { kind: entry.failure.kind, message: '' } : null,
  };
}

export function createQueueSnapshots(
  entries: QueueEntries,
  isRunning: () => boolean,
  onChange?: (listed: UploadList) => void,
) {
  /** Bytes sent (or hashed) of the files under way, by id: progress is never written to disk. */
  const live = new Map<UploadItemId, number>();
  const listeners = new Set<() => void>();
  let snapshot: UploadList | null = null;
  const tellWindow = onChange
    ? throttle(() => onChange(listedSnapshot()), WINDOW_INTERVAL_MS)
    : () => {};

  function getSnapshot(): UploadList {
    if (snapshot) return snapshot;
    const files = entries.mine().map((entry) => fileOf(entry, live.get(entry.id) ?? 0));
    snapshot = { files, totals: totalsOf(files), running: isRunning() };
    return snapshot;
  }

  function listedSnapshot(): UploadList {
    const full = getSnapshot();
    if (full.files.length <= LISTED_FILES) return full;
    return { ...full, files: listedFiles(full.files, LISTED_FILES) };
  }

  return {
    getSnapshot,
    listedSnapshot,
    /** The current state of one file of the signed-in account, or null. */
    fileOf: (id: UploadItemId): UploadFile | null => {
      const entry = entries.get(id);
      return entry ? fileOf(entry, live.get(id) ?? 0) : null;
    },
    setSentBytes(id: UploadItemId, bytes: number): void {
      live.set(id, bytes);
    },
    forget(id?: UploadItemId): void {
      if (id === undefined) live.clear();
      else live.delete(id);
    },
    /** Something changed: every listener hears it now, the window within 100 ms. */
    changed(): void {
      snapshot = null;
      for (const listener of [...listeners]) listener();
      tellWindow();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type QueueSnapshots = ReturnType<typeof createQueueSnapshots>;
