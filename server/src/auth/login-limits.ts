import { sql } from 'kysely';
import type { LoginLimitSettings } from '../config/server-config.ts';
import type { Db } from '../db/database.ts';
import { normalizeEmail } from './users.ts';

export type LoginAttempt =
  | {
      allowed: true;
      /** Wait this long before checking the password (progressive delay). */
      delayMs: number;
      /** Call with the outcome of the password check. */
      finish(success: boolean): Promise<LoginOutcome>;
      /** The password could not be checked (overload): this attempt does not count. */
      cancel(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

export type LoginOutcome = { locked: false } | { locked: true; retryAfterSeconds: number };

/**
 * Sign-in abuse limits (server/src/auth/README.md), per account (`account:{email}`, also for
 * addresses that have no account, so the answer never tells them apart) and per client
 * address (`address:{ip}`). Counts live in the database, so every instance shares them.
 *
 * An attempt is counted *before* its password is checked: parallel attempts each see the
 * count go up, so a burst cannot slip past the limit while the first hashes are running. A
 * successful sign-in then clears the account's count and takes its attempt back from the
 * address's. While a key is locked no password is checked at all: the right password is
 * refused like a wrong one until the lock ends.
 */
export class LoginLimits {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly settings: LoginLimitSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async begin({ email, address }: { email: string; address: string }): Promise<LoginAttempt> {
    const now = this.now();
    await this.sweep(now);
    const accountKey = email ? `account:${normalizeEmail(email)}` : undefined;
    const addressKey = `address:${address}`;
    const keys = accountKey ? [accountKey, addressKey] : [addressKey];

    const locks = await this.db
      .selectFrom('login_failures')
      .select(['key', 'locked_until'])
      .where('key', 'in', keys)
      .where('locked_until', '>', now)
      .execute();
    const lockedUntil = Math.max(0, ...locks.map((row) => row.locked_until ?? 0));
    if (lockedUntil > now)
      return { allowed: false, retryAfterSeconds: secondsUntil(lockedUntil, now) };

    const accountCount = accountKey ? await this.count(accountKey, now) : 0;
    const addressCount = await this.count(addressKey, now);
    const { maxFailures, maxFailuresPerAddress } = this.settings;
    // More attempts than allowed already counted (parallel ones included): lock without checking.
    const over = [
      accountKey && accountCount > maxFailures ? accountKey : undefined,
      addressCount > maxFailuresPerAddress ? addressKey : undefined,
    ].filter((key): key is string => key !== undefined);
    if (over.length) {
      const until = await this.lock(over, now);
      return { allowed: false, retryAfterSeconds: secondsUntil(until, now) };
    }

    const beyond = accountCount - 1 - this.settings.delayAfterFailures;
    const delayMs =
      beyond >= 0 ? Math.min(this.settings.delayBaseMs * 2 ** beyond, this.settings.delayMaxMs) : 0;

    const uncount = (keysToUndo: string[]) =>
      this.db
        .updateTable('login_failures')
        .set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` })
        .where('key', 'in', keysToUndo)
        .execute();

    return {
      allowed: true,
      delayMs,
      cancel: async () => {
        await uncount(keys);
      },
      finish: async (success) => {
        if (success) {
          if (accountKey)
            await this.db.deleteFrom('login_failures').where('key', '=', accountKey).execute();
          await uncount([addressKey]);
          return { locked: false };
        }
        const reached = [
          accountKey && accountCount >= maxFailures ? accountKey : undefined,
          addressCount >= maxFailuresPerAddress ? addressKey : undefined,
        ].filter((key): key is string => key !== undefined);
        if (!reached.length) return { locked: false };
        const until = await this.lock(reached, this.now());
        return { locked: true, retryAfterSeconds: secondsUntil(until, this.now()) };
      },
    };
  }

  /** Adds this attempt to the key's count (a new window once the old one or a lock is over). */
  private async count(key: string, now: number): Promise<number> {
    const windowStart = now - this.settings.windowSeconds * 1000;
    const row = await this.db
      .insertInto('login_failures')
      .values({ key, failures: 1, window_started_at: now, locked_until: null, updated_at: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when login_failures.window_started_at < ${windowStart} or (login_failures.locked_until is not null and login_failures.locked_until <= ${now}) then 1 else login_failures.failures + 1 end`,
          window_started_at: sql<number>`case when login_failures.window_started_at < ${windowStart} or (login_failures.locked_until is not null and login_failures.locked_until <= ${now}) then ${now} else login_failures.window_started_at end`,
          locked_until: sql<
            number | null
          >`case when login_failures.locked_until is not null and login_failures.locked_until <= ${now} then null else login_failures.locked_until end`,
          updated_at: now,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return row.failures;
  }

  private async lock(keys: string[], now: number): Promise<number> {
    const until = now + this.settings.lockSeconds * 1000;
    await this.db
      .updateTable('login_failures')
      .set({ locked_until: until, updated_at: now })
      .where('key', 'in', keys)
      .execute();
    return until;
  }

  /** Rows nobody touched for longer than a window and a lock are history: drop them (once a minute). */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    const horizon = now - (this.settings.windowSeconds + this.settings.lockSeconds) * 1000;
    await this.db.deleteFrom('login_failures').where('updated_at', '<', horizon).execute();
  }
}

function secondsUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}

export function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
