/**
 * Sends the signed-in account's waiting files: one batch (one album target) at a time through
 * one engine, so at most `concurrency` files are on the wire whatever the number of batches.
 * The engine's items carry the queue's entry ids, so its states are copied back by id.
 */
import { UploadEngine } from '@photo/core/transfer/upload-engine';
import type { UploadSnapshot } from '@photo/core/transfer/upload-engine';
import type { KeyValueStore } from '@photo/core/transfer/resume-store';
import type { UploadItemId } from '@photo/core/transfer/upload-model';
import type { UploadSource } from '@photo/core/transfer/upload-source';
import type { HttpStack } from 'tus-js-client';
import { nodeSha256 } from '../node-checksum';
import { sourceOfEntry } from './file-source';
import type { QueueEntries } from './queue-entries';
import type { QueueEntry } from './queue-file';
import type { QueueSnapshots } from './queue-snapshot';

/** Files sent at the same time (the engine's default; the product's bound for bulk uploads). */
export const UPLOAD_CONCURRENCY = 4;

export interface SchedulerDeps {
  storageUrl: () => Promise<string>;
  getAccessToken: () => Promise<string | null>;
  getAccountId: () => Promise<string | null>;
  fetch?: typeof fetch;
  httpStack?: HttpStack;
  concurrency?: number;
  chunkSize?: number;
  retryDelays?: number[];
}

export function createScheduler(
  deps: SchedulerDeps,
  entries: QueueEntries,
  snapshots: QueueSnapshots,
  resumeStore: KeyValueStore,
  save: () => Promise<void>,
) {
  let running: Promise<void> | null = null;
  let engineRunning: UploadEngine | null = null;
  let runAgain = false;

  /** Copies the engine's item states onto the queue entries they came from (by id). */
  function sync(engineSnapshot: UploadSnapshot): void {
    let stateChanged = false;
    for (const item of engineSnapshot.files) {
      const entry = entries.get(item.id);
      if (!entry) continue;
      snapshots.setSentBytes(
        entry.id,
        item.status === 'checking' ? item.hashedBytes : item.sentBytes,
      );
      if (entry.status !== item.status || entry.photoId !== item.photoId) {
        entries.patch(entry, { status: item.status, photoId: item.photoId, failure: item.failure });
        stateChanged = true;
      }
    }
    if (stateChanged) void save();
    snapshots.changed();
  }

  async function runBatch(batch: QueueEntry[], albumId: string | null, accountId: string) {
    const ids: UploadItemId[] = [];
    const sources: UploadSource[] = [];
    for (const entry of batch) {
      const source = await sourceOfEntry(entries, entry);
      if (!source) {
        snapshots.forget(entry.id);
        continue;
      }
      ids.push(entry.id);
      sources.push(source);
    }
    snapshots.changed();
    void save();
    if (sources.length === 0) return;
    const storageUrl = await deps.storageUrl();
    // Held while the files were being looked at (Pause of a watched folder): they stay out of
    // this engine. Nothing is awaited from here to `engineRunning`, so a later hold reaches the
    // engine through `withdraw`.
    const sending = ids.flatMap((id, index) =>
      entries.get(id)?.held ? [] : [{ id, source: sources[index]! }],
    );
    if (sending.length === 0) return;
    const engine = new UploadEngine({
      storageUrl,
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
    engine.add(
      sending.map((file) => file.source),
      sending.map((file) => file.id),
    );
    const off = engine.subscribe(() => sync(engine.getSnapshot()));
    engineRunning = engine;
    try {
      sync(await engine.start());
    } finally {
      engineRunning = null;
      off();
    }
  }

  async function runAll(): Promise<void> {
    for (;;) {
      runAgain = false;
      const accountId = await deps.getAccountId();
      entries.account = accountId ?? entries.account;
      if (!accountId) return;
      const waiting = entries
        .all()
        .filter(
          (entry) => entry.status === 'waiting' && !entry.held && entry.accountId === accountId,
        );
      const [first] = waiting;
      if (!first) {
        if (runAgain) continue;
        return;
      }
      const batch = waiting.filter((entry) => entry.albumId === first.albumId);
      await runBatch(batch, first.albumId, accountId);
    }
  }

  return {
    /** Sends every waiting file of the signed-in user; a call while sending adds to the round. */
    run(): Promise<void> {
      if (running) {
        runAgain = true;
        return running;
      }
      running = runAll()
        .catch((error: unknown) => console.error('Uploading stopped', error))
        .finally(() => {
          running = null;
          snapshots.changed();
        });
      snapshots.changed();
      return running;
    },
    get running(): Promise<void> | null {
      return running;
    },
    /** Takes held files out of the batch under way (a transfer keeps its partial upload). */
    withdraw(ids: readonly UploadItemId[]): void {
      engineRunning?.withdraw(ids);
    },
    /** Stops the transfers under way (their partial uploads removed on the server). */
    async stop(): Promise<void> {
      await engineRunning?.cancel();
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
