import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_RETRY_DELAY_SECONDS, DEFAULT_RETRY_LIMIT } from './job-queue.ts';
import type { JobHandler, JobOptions, JobQueue, SendOptions } from './job-queue.ts';

export interface PgBossJobQueueOptions {
  /** The application's own DATABASE_URL: pg-boss keeps its tables in the schema `pgboss`. */
  url: string;
  /**
   * JOB_EXPIRE_SECONDS: an attempt running longer counts as lost (its instance died) and is
   * retried. pg-boss 10 has no heartbeat, so this is also how long a dead instance's job waits.
   */
  expireSeconds: number;
  /** JOB_MAINTENANCE_SECONDS: how often some instance looks for such lost jobs. */
  maintenanceSeconds: number;
  /** How often an idle worker asks for new jobs (a send on this instance wakes them at once). */
  pollingSeconds?: number;
  /** Connections of pg-boss's own pool. */
  poolSize?: number;
  schema?: string;
  log?: FastifyBaseLogger;
}

/**
 * The job queue of production mode: pg-boss 10 on the application's PostgreSQL. Every
 * instance works on every queue; a job whose instance dies stays `active` until its
 * `expireInSeconds` pass and the maintenance (at most every `maintenanceSeconds`, on one
 * instance at a time) hands it back for a retry. Schedules are throttled sends: each instance
 * ticks, and pg-boss's singleton slot (`singletonSeconds`) lets one job per interval in.
 */
export class PgBossJobQueue implements JobQueue {
  readonly kind = 'pg-boss';
  private readonly boss: PgBoss;
  private readonly options: PgBossJobQueueOptions;
  private readonly workers = new Map<string, string[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  private constructor(boss: PgBoss, options: PgBossJobQueueOptions) {
    this.boss = boss;
    this.options = options;
  }

  /** Connects and creates (or migrates) pg-boss's schema. */
  static async start(options: PgBossJobQueueOptions): Promise<PgBossJobQueue> {
    const boss = new PgBoss({
      connectionString: options.url,
      schema: options.schema ?? 'pgboss',
      max: options.poolSize ?? 4,
      application_name: 'photo-jobs',
      expireInSeconds: Math.max(1, options.expireSeconds),
      maintenanceIntervalSeconds: Math.max(1, options.maintenanceSeconds),
      // Cron is not used (schedules are throttled sends), so its clock checks are off.
      schedule: false,
    });
    const queue = new PgBossJobQueue(boss, options);
    boss.on('error', (error) => options.log?.error({ err: error }, 'job queue error'));
    await boss.start();
    return queue;
  }

  async define<T>(name: string, handler: JobHandler<T>, options: JobOptions = {}): Promise<void> {
    if (this.workers.has(name)) throw new Error(`Job ${name} is defined twice`);
    this.workers.set(name, []);
    const queue = {
      name,
      policy: options.singletons ? ('stately' as const) : ('standard' as const),
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      // At least a second: a failed attempt must not be fetched again before pg-boss's own
      // (no-op) complete of it has run (see the worker below).
      retryDelay: Math.max(1, options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS),
      retryBackoff: true,
      expireInSeconds: Math.max(1, options.expireInSeconds ?? this.options.expireSeconds),
    };
    // createQueue leaves an existing queue as it is; an instance of a newer version may have
    // changed its options, so they are set again.
    await this.boss.createQueue(name, queue);
    await this.boss.updateQueue(name, queue);
    const ids: string[] = [];
    // One worker per job at once: a worker runs its batch to the end before fetching again.
    for (let i = 0; i < Math.max(1, options.concurrency ?? 1); i += 1) {
      ids.push(
        await this.boss.work<T>(
          name,
          {
            includeMetadata: true,
            batchSize: 1,
            pollingIntervalSeconds: this.options.pollingSeconds ?? 2,
          },
          async ([job]) => {
            if (!job) return;
            // The outcome is recorded here, awaited, rather than by pg-boss: pg-boss 10 fires
            // its complete/fail without waiting, so a stop right after a handler ended could
            // close the pool with that write still queued for a connection, and the job stayed
            // `active` until its expiry (minutes) instead of going back for a retry at once.
            // While this runs the job counts as work in progress, which a graceful stop waits
            // for. pg-boss's own complete afterwards changes nothing: it touches `active` jobs
            // only, and a failed one waits at least its retry delay before it runs again.
            let failure: unknown;
            try {
              await handler(job.data, { id: job.id, attempt: job.retryCount + 1 });
            } catch (error) {
              failure = error;
            }
            if (failure === undefined) await this.boss.complete(name, job.id);
            else
              await this.boss.fail(
                name,
                job.id,
                failure instanceof Error ? failure : { value: failure },
              );
          },
        ),
      );
    }
    this.workers.set(name, ids);
  }

  async send<T>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const id = await this.boss.send(name, data as object, {
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    // A worker of this instance starts at once instead of at its next poll.
    if (id && !options.startAfterSeconds) this.wake(name);
    return id;
  }

  async schedule(name: string, everySeconds: number): Promise<void> {
    const seconds = Math.max(1, Math.floor(everySeconds));
    const tick = () => {
      if (this.stopped) return;
      // One job per `seconds` slot in the whole cluster: the other instances' sends of the
      // same slot are dropped by pg-boss's unique singleton index.
      this.boss
        .send(name, {}, { singletonKey: `schedule:${name}`, singletonSeconds: seconds })
        .then((id) => id && this.wake(name))
        .catch((error: unknown) =>
          this.options.log?.warn({ err: error, job: name }, 'scheduling a job failed'),
        );
    };
    tick();
    // Ticking faster than the slot keeps the gap between runs near `seconds` on any instance.
    const timer = setInterval(tick, Math.max(500, (seconds * 1000) / 2));
    timer.unref();
    this.timers.add(timer);
  }

  async stop(options: { graceful?: boolean } = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await this.boss.stop({ graceful: options.graceful ?? true, timeout: 30_000, wait: true });
  }

  /** pg-boss itself, for tests and diagnostics (queue sizes, a job's state). */
  get raw(): PgBoss {
    return this.boss;
  }

  private wake(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }
}
