import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginLimits } from '../../src/auth/login-limits.ts';
import type { LoginAttempt } from '../../src/auth/login-limits.ts';
import { readServerConfig } from '../../src/config/server-config.ts';
import { closeTestDatabase, openTestDatabase } from '../../src/testing/test-database.ts';
import type { Db } from '../../src/db/database.ts';

let dir: string;
let db: Db;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'login-limits-'));
  db = await openTestDatabase(join(dir, 'app.db'));
});
afterAll(async () => {
  await closeTestDatabase(db);
  await rm(dir, { recursive: true, force: true });
});

/** The documented defaults (LOGIN_* unset) on a clock the test moves. */
function limitsWithClock(overrides: Record<string, string> = {}) {
  const clock = { now: 1_000_000_000 };
  const settings = readServerConfig(overrides).loginLimits;
  return { clock, settings, limits: new LoginLimits(db, settings, () => clock.now) };
}

async function fail(limits: LoginLimits, email: string, address: string) {
  const attempt = await limits.begin({ email, address });
  if (!attempt.allowed) return attempt;
  await attempt.finish(false);
  return attempt;
}

const allowed = (attempt: LoginAttempt) => {
  if (!attempt.allowed) throw new Error('expected the attempt to be allowed');
  return attempt;
};

describe('LoginLimits', () => {
  it('delays progressively after 3 failures, then locks the account after 10', async () => {
    const { limits, settings } = limitsWithClock();
    expect(settings).toMatchObject({
      maxFailures: 10,
      delayAfterFailures: 3,
      delayBaseMs: 250,
      delayMaxMs: 4000,
      lockSeconds: 900,
    });
    const delays: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const attempt = allowed(
        await limits.begin({ email: 'Victim@example.com', address: `10.0.0.${i}` }),
      );
      delays.push(attempt.delayMs);
      const outcome = await attempt.finish(false);
      expect(outcome.locked).toBe(i === 9);
    }
    expect(delays).toEqual([0, 0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000]);
    // Locked: the next attempt is refused before any password check, from any address.
    const refused = await limits.begin({ email: 'victim@example.com', address: '10.9.9.9' });
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 900 });
  });

  it('ends the lock after LOGIN_LOCK_SECONDS and starts counting afresh', async () => {
    const { limits, clock } = limitsWithClock({
      LOGIN_LOCK_SECONDS: '60',
      LOGIN_MAX_FAILURES: '2',
    });
    await fail(limits, 'a@example.com', '10.1.0.1');
    await fail(limits, 'a@example.com', '10.1.0.1');
    clock.now += 30_000;
    expect(await limits.begin({ email: 'a@example.com', address: '10.1.0.2' })).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
    });
    clock.now += 30_001;
    const after = allowed(await limits.begin({ email: 'a@example.com', address: '10.1.0.2' }));
    expect(after.delayMs).toBe(0);
    expect(await after.finish(true)).toEqual({ locked: false });
  });

  it('a success clears the account count; failures outside the window are forgotten', async () => {
    const { limits, clock } = limitsWithClock({ LOGIN_FAILURE_WINDOW_SECONDS: '100' });
    for (let i = 0; i < 5; i += 1) await fail(limits, 'b@example.com', '10.2.0.1');
    const good = allowed(await limits.begin({ email: 'b@example.com', address: '10.2.0.1' }));
    expect(good.delayMs).toBeGreaterThan(0);
    await good.finish(true);
    expect(
      allowed(await limits.begin({ email: 'b@example.com', address: '10.2.0.1' })).delayMs,
    ).toBe(0);

    for (let i = 0; i < 5; i += 1) await fail(limits, 'c@example.com', '10.2.0.2');
    clock.now += 101_000;
    expect(
      allowed(await limits.begin({ email: 'c@example.com', address: '10.2.0.2' })).delayMs,
    ).toBe(0);
  });

  it('locks a client address that fails across many accounts', async () => {
    const { limits } = limitsWithClock({ LOGIN_MAX_FAILURES_PER_ADDRESS: '5' });
    for (let i = 0; i < 5; i += 1) await fail(limits, `user${i}@example.com`, '10.3.0.1');
    expect((await limits.begin({ email: 'demo@example.com', address: '10.3.0.1' })).allowed).toBe(
      false,
    );
    // Another address is not affected.
    expect((await limits.begin({ email: 'demo@example.com', address: '10.3.0.2' })).allowed).toBe(
      true,
    );
  });

  it('counts parallel attempts before their passwords are checked', async () => {
    const { limits } = limitsWithClock({ LOGIN_MAX_FAILURES: '3' });
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        limits.begin({ email: 'burst@example.com', address: `10.4.0.${i}` }),
      ),
    );
    // Only as many as the limit get a password check; the rest are refused at once.
    expect(attempts.filter((attempt) => attempt.allowed)).toHaveLength(3);
  });

  it('an overloaded (cancelled) attempt does not count', async () => {
    const { limits } = limitsWithClock({ LOGIN_MAX_FAILURES: '2' });
    await fail(limits, 'd@example.com', '10.5.0.1');
    const cancelled = allowed(await limits.begin({ email: 'd@example.com', address: '10.5.0.1' }));
    await cancelled.cancel();
    const next = allowed(await limits.begin({ email: 'd@example.com', address: '10.5.0.1' }));
    expect(await next.finish(false)).toMatchObject({ locked: true });
  });
});
