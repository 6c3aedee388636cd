import { randomUUID } from 'node:crypto';
import PQueue from 'p-queue';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_RETRY_DELAY_SECONDS,
  DEFAULT_RETRY_LIMIT,
  retryDelaySeconds,
} from './job-queue.ts';
import type { JobHandler, JobOptions, JobQueue, SendOptions } from './job-queue.ts';

interface Definition {
  handler: JobHandler<unknown>;
  queue: PQueue;
  retryLimit: number;
  retryDelaySeconds: number;
  /** singletonKeys of the jobs waiting (queued, delayed or waiting for a retry). */
  waiting: Set<string>;
}

/**
 * The job queue of one process on SQLite (`npm start`, the tests): jobs run in this process
 * (p-queue per job name, `concurrency` at once), failed ones are retried with a doubling delay.
 * Nothing survives the process: what must outlive a restart keeps its own record in the
 * database and is queued again at start (thumbnail_jobs, an IMPORTING user).
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process';
  private readonly definitions = new Map<string, Definition>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  private readonly log: FastifyBaseLogger | undefined;

  constructor(options: { log?: FastifyBaseLogger } = {}) {
    this.log = options.log;
  }

  async define<T>(name: string, handler: JobHandler<T>, options: JobOptions = {}): Promise<void> {
    if (this.definitions.has(name)) throw new Error(`Job ${name} is defined twice`);
    this.definitions.set(name, {
      handler: handler as JobHandler<unknown>,
      queue: new PQueue({ concurrency: Math.max(1, options.concurrency ?? 1) }),
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelaySeconds: options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
      waiting: new Set(),
    });
  }

  async send<T>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`Job ${name} is not defined`);
    if (this.stopped) return null;
    const key = options.singletonKey;
    if (key !== undefined) {
      if (definition.waiting.has(key)) return null;
      definition.waiting.add(key);
    }
    const id = randomUUID();
    this.later(options.startAfterSeconds ?? 0, () =>
      this.attempt(definition, name, id, data, 1, key),
    );
    return id;
  }

  async schedule(name: string, everySeconds: number): Promise<void> {
    const tick = () =>
      void this.send(name, {}, { singletonKey: `schedule:${name}` }).catch((error: unknown) =>
        this.log?.warn({ err: error, job: name }, 'scheduling a job failed'),
      );
    tick();
    const timer = setInterval(tick, Math.max(10, everySeconds * 1000));
    timer.unref();
    this.timers.add(timer);
  }

  async stop(options: { graceful?: boolean } = {}): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const definition of this.definitions.values()) definition.queue.clear();
    if (options.graceful === false) return;
    await Promise.allSettled([...this.running]);
  }

  /** Jobs queued or running (tests). */
  get size(): number {
    let size = this.running.size + this.timers.size;
    for (const definition of this.definitions.values()) size += definition.queue.size;
    return size;
  }

  private later(seconds: number, run: () => void): void {
    if (seconds <= 0) return run();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, seconds * 1000);
    timer.unref();
    this.timers.add(timer);
  }

  private attempt(
    definition: Definition,
    name: string,
    id: string,
    data: unknown,
    attempt: number,
    key: string | undefined,
  ): void {
    if (this.stopped) return;
    void definition.queue.add(async () => {
      if (this.stopped) return;
      // Running now: a further send of the key may wait behind it.
      if (key !== undefined) definition.waiting.delete(key);
      const run = definition.handler(data, { id, attempt });
      this.running.add(run);
      try {
        await run;
      } catch (error) {
        if (attempt > definition.retryLimit) {
          this.log?.error({ err: error, job: name, id, attempt }, 'job failed for good');
          return;
        }
        this.log?.warn({ err: error, job: name, id, attempt }, 'job failed, retrying');
        if (key !== undefined) {
          if (definition.waiting.has(key)) return; // a newer job of the key waits already
          definition.waiting.add(key);
        }
        this.later(retryDelaySeconds(definition.retryDelaySeconds, attempt), () =>
          this.attempt(definition, name, id, data, attempt + 1, key),
        );
      } finally {
        this.running.delete(run);
      }
    });
  }
}
