import { HttpError } from './http-error.ts';

/**
 * A small in-process rate limit: at most `max` calls per key in each window. For endpoints any
 * page may call without a token (error and CSP reports), so a loop in a page or a script cannot
 * flood the database. Keys are forgotten when their window ends.
 */
export class FixedWindowLimit {
  readonly #counts = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one call; throws 429 once the key has used its calls of this window. */
  take(key: string, now = Date.now()): void {
    if (this.#counts.size > 10_000) this.#sweep(now);
    const entry = this.#counts.get(key);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      this.#counts.set(key, { windowStart: now, count: 1 });
      return;
    }
    entry.count += 1;
    if (entry.count > this.max) throw new HttpError(429, 'Too many requests; try again later');
  }

  #sweep(now: number): void {
    for (const [key, entry] of this.#counts)
      if (now - entry.windowStart >= this.windowMs) this.#counts.delete(key);
  }
}
