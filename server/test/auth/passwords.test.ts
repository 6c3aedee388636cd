// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { afterEach, describe, expect, it } from 'vitest';
import {
  configurePasswordHashing,
  hashPassword,
  PasswordQueueFullError,
  passwordQueueState,
  verifyAgainstDummy,
  verifyPassword,
} from '../../src/auth/passwords.ts';

describe('passwords', () => {
  it('hashes with a fresh salt and verifies', async () => {
    const a = await hashPassword('demo1234');
    const b = await hashPassword('demo1234');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo12345', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('rejects malformed stored hashes', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$2$3')).toBe(false);
  });

  it('the dummy check is always false', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});

describe('the password-hashing queue', () => {
  afterEach(() => configurePasswordHashing({ hashConcurrency: 2, hashQueueLimit: 100 }));

  it('runs at most PASSWORD_HASH_CONCURRENCY hashes at once', async () => {
    configurePasswordHashing({ hashConcurrency: 2, hashQueueLimit: 100 });
    const stored = await hashPassword('demo1234');
    let maxActive = 0;
    const checks = Array.from({ length: 8 }, () => verifyPassword('wrong', stored));
    const sampler = setInterval(() => {
      maxActive = Math.max(maxActive, passwordQueueState().active);
    }, 1);
    await Promise.all(checks);
    clearInterval(sampler);
    expect(maxActive).toBe(2);
    expect(passwordQueueState()).toEqual({ active: 0, pending: 0 });
  });

  it('refuses to queue more than PASSWORD_HASH_QUEUE_LIMIT waiting hashes', async () => {
    configurePasswordHashing({ hashConcurrency: 1, hashQueueLimit: 2 });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => hashPassword('demo1234')),
    );
    // One runs, two wait, the other three are refused at once.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(PasswordQueueFullError);
  });
});
