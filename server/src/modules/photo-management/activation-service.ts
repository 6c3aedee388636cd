import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ImportPushMessage } from '@photo/core/api/schemas/push';
import { IMPORT_TYPES } from '@photo/core/api/schemas/push';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ContentStore } from '../../storage/content-store.ts';
import { InvalidImageError } from '../../storage/image-processing.ts';
import type { ImageQueue } from '../../storage/image-queue.ts';
import type { Publisher } from './archive-service.ts';
import { photoRow } from './photo-ingest.ts';
import { ownPhotoIdsByHash } from './photos-repository.ts';
import {
  beginImport,
  dropLegacyPhoto,
  importingUserIds,
  legacyPhotos,
  replaceLegacyPhoto,
  setActivationStatus,
} from './photo-users-repository.ts';

/** Progress messages are sent at most this often (the last photo always gets one). */
const PROGRESS_INTERVAL_MS = 250;

export interface ActivationServiceOptions {
  db: Db;
  store: ContentStore;
  images: ImageQueue;
  push: Publisher;
  jobs: JobQueue;
  /** Pause after each photo (`ACTIVATION_IMPORT_DELAY_MS`), so a screen can follow the import. */
  delayMs?: number;
  /**
   * One job imports for at most this long, then queues the rest as a new job: a job must end
   * well within JOB_EXPIRE_SECONDS, or the queue would think its instance dead and start a
   * second import beside it.
   */
  sliceMs?: number;
  /**
   * Retries of an import that failed for a reason other than a photo that does not decode (the
   * store or the database), and the pause before the first (doubling). Defaults 3 and 5 s.
   */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export const IMPORT_JOB = 'activation-import';

interface ImportJob {
  userId: string;
  /**
   * The counts so far when this job continues an import that used up its time slice: no
   * second "started", and progress counts on from where it was.
   */
  carried?: { importedCount: number; totalCount: number };
}

/**
 * Activation (docs/product.md#states): POST /users/activate moves a NOT_ACTIVE user to
 * IMPORTING and imports their legacy photos in the background, one transaction per photo (row
 * in, legacy row out, so an interrupted import resumes without duplicates; bytes the user
 * already has as a photo are not imported twice), with push messages import started →
 * progress (the reference server's addition, `IMPORT_TYPES.progress`) → finished (or error),
 * then ACTIVE. Thumbnails are made through the shared bounded image queue.
 *
 * The import is a job of the job queue (one per user at a time), so on PostgreSQL it carries
 * on at another instance when its own dies. Stopping the server ends a running import between
 * two photos and leaves the user IMPORTING: on PostgreSQL a continuation job waits in the
 * queue; on SQLite the next start queues it again.
 */
export class ActivationService {
  private readonly db: Db;
  private readonly store: ContentStore;
  private readonly images: ImageQueue;
  private readonly push: Publisher;
  private readonly delayMs: number;
  private readonly jobs: JobQueue;
  private readonly sliceMs: number;
  private readonly retryLimit: number;
  private readonly retryDelaySeconds: number;
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(options: ActivationServiceOptions) {
    this.db = options.db;
    this.store = options.store;
    this.images = options.images;
    this.push = options.push;
    this.jobs = options.jobs;
    this.delayMs = options.delayMs ?? 0;
    this.sliceMs = options.sliceMs ?? 60_000;
    this.retryLimit = options.retryLimit ?? 3;
    this.retryDelaySeconds = options.retryDelaySeconds ?? 5;
  }

  /** Defines the import job; on SQLite, imports that were running when the process stopped start again. */
  async start(): Promise<void> {
    await this.jobs.define<ImportJob>(
      IMPORT_JOB,
      (data, { attempt }) => {
        const job = this.importLegacy(data.userId, data.carried, attempt);
        const tracked = job.catch(() => undefined).finally(() => this.running.delete(tracked));
        this.running.add(tracked);
        return job;
      },
      {
        singletons: true,
        concurrency: 2,
        retryLimit: this.retryLimit,
        retryDelaySeconds: this.retryDelaySeconds,
      },
    );
    // The in-process queue died with the last process; PostgreSQL's still holds these jobs.
    if (this.jobs.kind === 'in-process')
      for (const userId of await importingUserIds(this.db)) await this.launch(userId);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }

  /** Returns whether this call started an import (false unless the user was NOT_ACTIVE). */
  async activate(userId: string): Promise<boolean> {
    if (!(await beginImport(this.db, userId))) return false;
    await this.launch(userId);
    return true;
  }

  private async launch(userId: string, carried?: ImportJob['carried']): Promise<void> {
    await this.jobs.send<ImportJob>(
      IMPORT_JOB,
      { userId, ...(carried ? { carried } : {}) },
      { singletonKey: userId },
    );
  }

  private message(
    type: ImportPushMessage['type'],
    payload: ImportPushMessage['data']['payload'],
  ): ImportPushMessage {
    return { id: randomUUID(), type, data: { payload, timestamp: new Date().toISOString() } };
  }

  private async importLegacy(
    userId: string,
    carried: ImportJob['carried'],
    attempt = 1,
  ): Promise<void> {
    // Let the POST answer first, so the client knows the import started before its messages.
    await new Promise((resolve) => setImmediate(resolve));
    // Finished or given up by an earlier job of the user (at-least-once delivery).
    if (!(await importingUserIds(this.db)).includes(userId)) return;
    const legacy = await legacyPhotos(this.db, userId);
    const importedBefore = carried?.importedCount ?? 0;
    const totalCount = carried
      ? Math.max(carried.totalCount, importedBefore + legacy.length)
      : legacy.length;
    let importedCount = importedBefore;
    let lastProgress = 0;
    let current = '';
    const sliceEnds = Date.now() + this.sliceMs;
    if (!carried && attempt === 1)
      this.push.publish(
        userId,
        this.message(IMPORT_TYPES.started, { userId, importedCount, totalCount }),
      );
    try {
      for (const item of legacy) {
        if (this.stopping.signal.aborted || Date.now() > sliceEnds) {
          // The rest as a new job (on SQLite after a stop: the next start queues it).
          if (!this.stopping.signal.aborted || this.jobs.kind === 'pg-boss')
            await this.launch(userId, { importedCount, totalCount });
          return;
        }
        current = item.local_file_name;
        const hash = item.content_hash;
        if ((await ownPhotoIdsByHash(this.db, userId, [hash])).has(hash)) {
          await dropLegacyPhoto(this.db, item.id);
        } else {
          const original = this.store.originalPath(hash);
          const { size } = await stat(original);
          const image = await this.images.process(original);
          await this.store.addThumbnails(hash, image.thumbnails);
          const now = new Date().toISOString();
          const row = photoRow(image, {
            id: randomUUID(),
            userId,
            uploadId: item.id,
            localFileName: item.local_file_name,
            hash,
            size,
            created: item.created,
            uploadEnd: now,
          });
          await replaceLegacyPhoto(this.db, item.id, row);
        }
        importedCount += 1;
        const last = importedCount === totalCount;
        if (!last && Date.now() - lastProgress >= PROGRESS_INTERVAL_MS) {
          lastProgress = Date.now();
          this.push.publish(
            userId,
            this.message(IMPORT_TYPES.progress, { userId, importedCount, totalCount }),
          );
        }
        if (this.delayMs > 0 && !last)
          await sleep(this.delayMs, undefined, { signal: this.stopping.signal }).catch(
            () => undefined,
          );
      }
      await setActivationStatus(this.db, userId, 'ACTIVE');
      this.push.publish(
        userId,
        this.message(IMPORT_TYPES.finished, { userId, importedCount, totalCount }),
      );
    } catch (error) {
      // Not the photo itself: the queue tries again after a pause, the user still IMPORTING.
      if (!(error instanceof InvalidImageError) && attempt <= this.retryLimit) throw error;
      // Back to NOT_ACTIVE so the user can start again; imported photos stay imported.
      await setActivationStatus(this.db, userId, 'NOT_ACTIVE').catch(() => undefined);
      this.push.publish(
        userId,
        this.message(IMPORT_TYPES.error, {
          userId,
          importedCount,
          totalCount,
          // The client sees this: what went wrong with which photo, never a server path.
          error:
            error instanceof InvalidImageError
              ? error.forFile(current)
              : `"${current}" could not be imported`,
        }),
      );
    }
  }
}
