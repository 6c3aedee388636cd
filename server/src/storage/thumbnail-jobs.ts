import PQueue from 'p-queue';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { ContentStore } from './content-store.ts';
import { InvalidImageError, placeholderThumbnails } from './image-processing.ts';
import type { ImageQueue } from './image-queue.ts';

/** Decode priority of a thumbnail someone is waiting for (an `<img>` asked before its job ran). */
const URGENT = 1;

/** Records that `hash` needs its thumbnails made; in the transaction that stores its photo. */
export async function recordThumbnailJob(db: Db, hash: string): Promise<void> {
  await db
    .insertInto('thumbnail_jobs')
    .values({ content_hash: hash, created: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('content_hash').doNothing())
    .execute();
}

export interface ThumbnailJobsOptions {
  db: Db;
  store: ContentStore;
  images: ImageQueue;
  /**
   * Jobs under way at once. A job mostly waits for a decode slot of `images` (the memory
   * bound); more jobs than slots keep a huge picture's job from holding back small ones.
   */
  concurrency?: number;
  /**
   * The app's job queue. On PostgreSQL (pg-boss) thumbnails are its jobs, made by whichever
   * instance is free; in one process the p-queue below does the same with less overhead.
   */
  jobs?: JobQueue;
}

export const THUMBNAIL_JOB = 'thumbnails';
/** How long one thumbnail attempt may run on the shared queue before it counts as lost. */
export const THUMBNAIL_EXPIRE_SECONDS = 120;
/** How often {@link ThumbnailJobs.onIdle} looks at `thumbnail_jobs` when other instances work. */
const IDLE_POLL_MS = 100;

/**
 * Makes the thumbnails of stored originals after the upload that brought them was answered
 * (docs/architecture.md, "The reference server", Storage). An upload is checked from its
 * header, recorded and answered; its three thumbnails follow from this bounded queue (p-queue,
 * oldest first, at most `concurrency` jobs under way, each decoding in a slot of the bounded
 * `ImageQueue`).
 *
 * - Nothing is lost: each job has a row in `thumbnail_jobs`, written with the photo and removed
 *   once the thumbnails exist; {@link start} queues every row a stopped process left.
 * - Nobody sees a missing thumbnail: {@link ensure} (the image route, when a thumbnail file is
 *   not there yet) renders it at once, ahead of every waiting decode, and waits for it.
 * - Deleting a photo while its job waits is fine: a job whose original is gone does nothing,
 *   and one that was rendering when the original went removes what it wrote.
 * - Bytes that pass the header check but do not decode get flat grey thumbnails of the
 *   recorded sizes (docs/product.md#upload), so the photo keeps its place in every grid.
 */
export class ThumbnailJobs {
  private readonly db: Db;
  private readonly store: ContentStore;
  private readonly images: ImageQueue;
  /** Where failed jobs are reported (the app's logger, set once it exists). */
  log: FastifyBaseLogger | undefined;
  private readonly queue: PQueue;
  /** The job of a hash while it is queued or running (at most one queued entry per hash). */
  private readonly queued = new Map<string, Promise<void>>();
  /** A queued job under way (at most one per hash). */
  private readonly running = new Map<string, Promise<void>>();
  /** Thumbnails being made for someone waiting ({@link ensure}), one per hash. */
  private readonly urgent = new Map<string, Promise<void>>();
  private stopped = false;
  /** While paused: what the shared queue's jobs wait for. */
  private held: { promise: Promise<void>; release: () => void } | undefined;
  /** The shared queue when thumbnails are pg-boss jobs; undefined in one process. */
  private readonly shared: JobQueue | undefined;
  private readonly concurrency: number;

  constructor(options: ThumbnailJobsOptions) {
    this.db = options.db;
    this.store = options.store;
    this.images = options.images;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 16));
    this.queue = new PQueue({ concurrency: this.concurrency });
    this.shared = options.jobs?.kind === 'pg-boss' ? options.jobs : undefined;
  }

  /**
   * Queues the jobs a stopped process left (rows of `thumbnail_jobs`). With the shared queue,
   * defines its job instead: pg-boss keeps the jobs of a stopped instance.
   */
  async start(): Promise<number> {
    if (this.shared) {
      await this.shared.define<{ hash: string }>(
        THUMBNAIL_JOB,
        async ({ hash }) => {
          await this.held?.promise;
          if (this.stopped) throw new Error('stopping: left for another instance');
          const running = this.running.get(hash);
          if (running) return running;
          const job = this.make(hash, 0).finally(() => this.running.delete(hash));
          this.running.set(
            hash,
            job.catch(() => undefined),
          );
          await job;
          // Stopped before its turn: another instance makes them.
          if (this.stopped && (await this.store.missingThumbnails(hash)).length > 0)
            throw new Error('stopping: left for another instance');
        },
        // Each job mostly waits for a decode slot; a few at once keep the slots busy.
        // An attempt takes seconds (a decode slot, then a decode), so an instance killed while
        // making them hands its jobs back after this rather than after JOB_EXPIRE_SECONDS.
        {
          concurrency: Math.min(4, this.concurrency),
          singletons: true,
          retryDelaySeconds: 2,
          expireInSeconds: THUMBNAIL_EXPIRE_SECONDS,
        },
      );
      return 0;
    }
    const rows = await this.db
      .selectFrom('thumbnail_jobs')
      .select('content_hash')
      .orderBy('created')
      .execute();
    for (const row of rows) void this.enqueue(row.content_hash);
    return rows.length;
  }

  /** Lets running jobs finish; queued ones stay in the table for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.held?.release();
    this.queue.clear();
    await this.queue.onIdle();
    await Promise.all([...this.running.values(), ...this.urgent.values()]);
  }

  /**
   * Queues the thumbnails of `hash` (its row must be in `thumbnail_jobs`, see
   * {@link recordThumbnailJob}); resolves once they exist. Never rejects: a failed job is
   * logged and stays in the table.
   */
  enqueue(hash: string): Promise<void> {
    if (this.shared)
      return this.shared.send(THUMBNAIL_JOB, { hash }, { singletonKey: hash }).then(
        () => undefined,
        (error: unknown) => this.log?.warn({ err: error, hash }, 'queueing thumbnails failed'),
      );
    const pending = this.queued.get(hash);
    if (pending) return pending;
    return this.add(hash);
  }

  /**
   * The thumbnails of `hash` made now if they are missing: outside the job queue, ahead of
   * every waiting decode, or the job already rendering them awaited. For content stored before
   * this queue existed too.
   */
  async ensure(hash: string): Promise<void> {
    if ((await this.store.missingThumbnails(hash)).length === 0) return;
    // Not the queued job: it may be waiting behind others for a background slot.
    const pending = this.urgent.get(hash);
    if (pending) return pending;
    const job = this.make(hash, URGENT)
      .catch((error: unknown) => this.log?.warn({ err: error, hash }, 'thumbnails failed'))
      .finally(() => this.urgent.delete(hash));
    this.urgent.set(hash, job);
    return job;
  }

  /** Holds back queued jobs (tests); {@link ensure} still makes what is asked for. */
  pause(): void {
    this.queue.pause();
    if (!this.held) {
      let release!: () => void;
      const promise = new Promise<void>((resolve) => (release = resolve));
      this.held = { promise, release };
    }
  }

  resume(): void {
    this.queue.start();
    this.held?.release();
    this.held = undefined;
  }

  /** Jobs queued or running. */
  get size(): number {
    return this.queue.size + this.queue.pending;
  }

  /**
   * Resolves when no job is queued or running (tests, the upload benchmark); with the shared
   * queue, when no thumbnail of any instance is left to make.
   */
  async onIdle(): Promise<void> {
    await this.queue.onIdle();
    await Promise.all([...this.running.values(), ...this.urgent.values()]);
    if (!this.shared) return;
    while (
      (await this.db.selectFrom('thumbnail_jobs').select('content_hash').limit(1).execute())
        .length > 0
    )
      await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
    await Promise.all([...this.running.values(), ...this.urgent.values()]);
  }

  private add(hash: string): Promise<void> {
    const job = this.queue
      .add(() => this.run(hash, 0))
      .finally(() => {
        if (this.queued.get(hash) === job) this.queued.delete(hash);
      });
    this.queued.set(hash, job);
    return job;
  }

  /** Makes the thumbnails of `hash` once at a time; never rejects (a failure is logged). */
  private run(hash: string, priority: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const running = this.running.get(hash);
    if (running) return running;
    const job = this.make(hash, priority)
      .catch((error: unknown) => this.log?.warn({ err: error, hash }, 'thumbnails failed'))
      .finally(() => this.running.delete(hash));
    this.running.set(hash, job);
    return job;
  }

  private async make(hash: string, priority: number): Promise<void> {
    const done = () =>
      this.db.deleteFrom('thumbnail_jobs').where('content_hash', '=', hash).execute();
    // Deleted meanwhile (or never stored): nothing to make.
    if (!(await this.store.exists(hash))) return void (await done());
    if ((await this.store.missingThumbnails(hash)).length === 0) return void (await done());
    const original = this.store.originalPath(hash);
    let thumbnails;
    try {
      const info = await this.images.inspect(original);
      try {
        // Once its turn comes: made meanwhile (asked for), deleted, or the server stopping.
        thumbnails = await this.images.render(
          original,
          info,
          priority,
          async () =>
            !this.stopped &&
            (await this.store.exists(hash)) &&
            (await this.store.missingThumbnails(hash)).length > 0,
        );
      } catch (error) {
        if (!(error instanceof InvalidImageError)) throw error;
        this.log?.warn({ err: error, hash }, 'stored image does not decode: grey thumbnails');
        thumbnails = await placeholderThumbnails(info);
      }
    } catch (error) {
      // The original went while it was read: the photo was deleted.
      if (!(await this.store.exists(hash))) return void (await done());
      throw error;
    }
    // Stopped before its turn: the row stays for the next start.
    if (!thumbnails && this.stopped) return;
    if (thumbnails) await this.store.addThumbnails(hash, thumbnails);
    // Deleted while rendering: the delete removed the original, these are left over.
    if (!(await this.store.exists(hash))) await this.store.remove(hash);
    await done();
  }
}
