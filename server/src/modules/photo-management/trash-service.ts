import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ContentStore } from '../../storage/content-store.ts';
import { unreferencedHashes } from './photos-repository.ts';
import { purgeTrashedAlbums, purgeTrashedPhotos } from './trash-repository.ts';

export const TRASH_PURGE_JOB = 'trash-purge';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows per purge transaction. */
const PURGE_BATCH = 500;

export interface TrashServiceOptions {
  db: Db;
  store: ContentStore;
  jobs: JobQueue;
  /** TRASH_DAYS: how long deleted photos and albums wait in Recently deleted. */
  days: number;
  /** TRASH_PURGE_INTERVAL_SECONDS: how often the purge job runs (also once at start). */
  purgeIntervalSeconds: number;
  /** The clock (tests move it forward). */
  now?: () => Date;
}

/**
 * Recently deleted's clock and purge (docs/architecture.md "Recently deleted"): when a deleted
 * item goes for good, the periodic job that takes what is older than `days`, and freeing the
 * stored bytes (original and thumbnails) that nothing references any more.
 */
export class TrashService {
  readonly days: number;
  readonly now: () => Date;
  log: FastifyBaseLogger | undefined;
  private readonly db: Db;
  private readonly store: ContentStore;
  private readonly jobs: JobQueue;
  private readonly purgeIntervalSeconds: number;

  constructor(options: TrashServiceOptions) {
    this.db = options.db;
    this.store = options.store;
    this.jobs = options.jobs;
    this.days = options.days;
    this.purgeIntervalSeconds = options.purgeIntervalSeconds;
    this.now = options.now ?? (() => new Date());
  }

  /** When an item deleted at `deletedAt` (ISO) is purged. */
  purgeAt(deletedAt: string): string {
    return new Date(Date.parse(deletedAt) + this.days * DAY_MS).toISOString();
  }

  /** Defines the purge job and schedules it (runs once now, then every interval; once per cluster). */
  async start(): Promise<void> {
    await this.jobs.define(TRASH_PURGE_JOB, async () => void (await this.purgeExpired()), {
      retryLimit: 0,
    });
    await this.jobs.schedule(TRASH_PURGE_JOB, this.purgeIntervalSeconds);
  }

  /**
   * Deletes for good what was deleted more than `days` before `now`, and frees its storage.
   * Idempotent: a second run finds nothing (the queue delivers at least once).
   */
  async purgeExpired(now: Date = this.now()): Promise<{ photos: number; albums: number }> {
    const before = new Date(now.getTime() - this.days * DAY_MS).toISOString();
    const total = { photos: 0, albums: 0 };
    // Batches keep each transaction short however much expires at once.
    for (;;) {
      const batch = await purgeTrashedPhotos(this.db, { before, limit: PURGE_BATCH });
      await this.collect(batch.hashes);
      total.photos += batch.deleted;
      if (batch.deleted < PURGE_BATCH) break;
    }
    for (;;) {
      const batch = await purgeTrashedAlbums(this.db, { before, limit: PURGE_BATCH });
      total.albums += batch.deleted;
      if (batch.deleted < PURGE_BATCH) break;
    }
    if (total.photos + total.albums > 0) this.log?.info(total, 'purged from Recently deleted');
    return total;
  }

  /** Removes stored files nobody references (after the purge's transaction committed). */
  async collect(hashes: readonly string[]): Promise<void> {
    for (const hash of await unreferencedHashes(this.db, hashes)) await this.store.remove(hash);
  }
}
