/**
 * Background work (docs/architecture.md, "Background jobs"): one interface, two
 * implementations. `InProcessJobQueue` (SQLite, one process) runs jobs in this process;
 * `PgBossJobQueue` (PostgreSQL) keeps them in the database, so a job outlives the instance that
 * queued it and runs on whichever instance is free. Delivery is at least once on both: a
 * handler must be idempotent (a retried job finds its own earlier work and finishes it).
 */
export interface JobQueue {
  /** `in-process`: jobs die with the process; `pg-boss`: jobs live in PostgreSQL. */
  readonly kind: 'in-process' | 'pg-boss';
  /**
   * Registers the handler of job `name` (before any `send` of it) and starts working on it.
   * A handler that throws is retried after `retryDelaySeconds`, doubling each time, until
   * `retryLimit` retries were used; `job.attempt` counts from 1, so the last attempt is
   * `retryLimit + 1`.
   */
  define<T>(name: string, handler: JobHandler<T>, options?: JobOptions): Promise<void>;
  /**
   * Queues a job. With `singletonKey`, at most one job of that key waits at a time (a second
   * send while one waits returns null); one may run while another waits.
   */
  send<T>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs job `name` (data `{}`) now and every `everySeconds`: once per cluster, not per instance. */
  schedule(name: string, everySeconds: number): Promise<void>;
  /**
   * Stops taking jobs. Graceful (the default): running jobs finish first. Not graceful: they
   * are abandoned (pg-boss hands them back for a retry).
   */
  stop(options?: { graceful?: boolean }): Promise<void>;
}

export interface JobInfo {
  id: string;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface JobOptions {
  /** Retries after a failed attempt (default 2). */
  retryLimit?: number;
  /** Wait before the first retry; doubled for each further one (default 5). */
  retryDelaySeconds?: number;
  /**
   * How long one attempt may run before it counts as lost (its instance died) and is retried
   * (pg-boss; default the queue's JOB_EXPIRE_SECONDS).
   */
  expireInSeconds?: number;
  /** Jobs of this name under way at once in one instance (default 1). */
  concurrency?: number;
  /**
   * Every send names a `singletonKey`: at most one job of a key waits, one runs (pg-boss's
   * `stately` policy). Needed for the pg-boss queue to honour `singletonKey`.
   */
  singletons?: boolean;
}

export interface SendOptions {
  singletonKey?: string;
  startAfterSeconds?: number;
}

export const DEFAULT_RETRY_LIMIT = 2;
export const DEFAULT_RETRY_DELAY_SECONDS = 5;

/** Seconds before attempt `attempt + 1`, after attempt `attempt` failed (1-based). */
export function retryDelaySeconds(baseSeconds: number, attempt: number): number {
  return baseSeconds * 2 ** Math.max(0, attempt - 1);
}
