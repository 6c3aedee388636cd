import type { Redis } from 'ioredis';
import type { Db } from '../db/database.ts';
import { HttpError } from './http-error.ts';

/** Where the counts live: shared by every instance, so a limit holds behind a load balancer. */
export interface WindowCounter {
  /**
   * Counts one call of `key` at `now`, in the key's window: it starts with the key's first call
   * and lasts `windowMs`, then the next call starts a new one. Returns the window's count.
   */
  increment(key: string, now: number, windowMs: number): Promise<number>;
  /** Forgets the windows that ended before `before` of keys starting with `prefix`. */
  sweep?(prefix: string, before: number): Promise<void>;
}

/**
 * Counts in the database (table `rate_limit_windows`): one upsert per call, which starts the
 * key's window again when the stored one has ended. SQLite and PostgreSQL both run it.
 */
export class DatabaseWindowCounter implements WindowCounter {
  constructor(private readonly db: Db) {}

  async increment(key: string, now: number, windowMs: number): Promise<number> {
    const row = await this.db
      .insertInto('rate_limit_windows')
      .values({ key, window_start: now, count: 1 })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => {
          // Both assignments read the row as it was before this update.
          const current = eb('rate_limit_windows.window_start', '>', now - windowMs);
          return {
            count: eb
              .case()
              .when(current)
              .then(eb('rate_limit_windows.count', '+', 1))
              .else(1)
              .end(),
            window_start: eb
              .case()
              .when(current)
              .then(eb.ref('rate_limit_windows.window_start'))
              .else(now)
              .end(),
          };
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async sweep(prefix: string, before: number): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_windows')
      .where('key', '>=', prefix)
      .where('key', '<', prefixEnd(prefix))
      .where('window_start', '<', before)
      .execute();
  }
}

/** Counts in Redis: a key created with the window's expiry on its first call, then INCR. */
export class RedisWindowCounter implements WindowCounter {
  constructor(private readonly redis: Redis) {}

  async increment(key: string, _now: number, windowMs: number): Promise<number> {
    const name = `rate:${key}`;
    const results = await this.redis.multi().set(name, 0, 'PX', windowMs, 'NX').incr(name).exec();
    const [error, count] = results?.[1] ?? [new Error('Redis refused the rate-limit count')];
    if (error) throw error;
    return Number(count);
  }
}

/** The first string after every string that starts with `prefix`. */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** Redis when the app has a connection to it (REDIS_URL), else the database. */
export function windowCounterFor(deps: { db: Db; redis: Redis | undefined }): WindowCounter {
  return deps.redis ? new RedisWindowCounter(deps.redis) : new DatabaseWindowCounter(deps.db);
}

/**
 * A rate limit: at most `max` calls per key in each fixed window of `windowMs` (from the key's
 * first call; instances' clocks agree closely enough for that). For endpoints any page may
 * call without a token (error and CSP reports) or in a loop (analytics), so a page or a script
 * cannot flood the database. The counts are shared (`WindowCounter`): two instances behind a
 * load balancer give a client `max` calls, not twice that.
 */
export class FixedWindowLimit {
  private readonly prefix: string;
  private lastSweep = 0;

  constructor(
    private readonly counter: WindowCounter,
    /** Keeps this limit's keys apart from other limits' in the shared store. */
    name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {
    this.prefix = `${name}:`;
  }

  /** Counts one call; throws 429 once the key has used its calls of this window. */
  async take(key: string, now = Date.now()): Promise<void> {
    if (this.counter.sweep && now - this.lastSweep >= this.windowMs) {
      // Once per window and instance, in the background: ended windows' rows are only clutter.
      this.lastSweep = now;
      this.counter.sweep(this.prefix, now - this.windowMs).catch(() => {});
    }
    const count = await this.counter.increment(this.prefix + key, now, this.windowMs);
    if (count > this.max) throw new HttpError(429, 'Too many requests; try again later');
  }
}
