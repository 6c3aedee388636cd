import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

// N=2^15 keeps one check around 50-100 ms on a small machine: slow for brute force, fast
// enough for a login page. maxmem must grow with N (128 * N * r bytes).
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 64;

/** Thrown instead of queueing when too many hashes are already waiting (the sign-in page says "busy"). */
export class PasswordQueueFullError extends Error {
  constructor() {
    super('Too many password checks are waiting');
    this.name = 'PasswordQueueFullError';
  }
}

/**
 * scrypt runs on libuv's thread pool (4 threads by default), the same pool file reads and
 * image work use: a burst of sign-ins would take every thread and stall unrelated requests.
 * So at most `concurrency` hashes run at once, process-wide (the pool is process-wide too), and
 * at most `queueLimit` wait; server/src/auth/README.md has the numbers.
 */
const hashing = { limit: pLimit(2), queueLimit: 100 };

export function configurePasswordHashing({
  hashConcurrency,
  hashQueueLimit,
}: {
  hashConcurrency: number;
  hashQueueLimit: number;
}): void {
  hashing.limit.concurrency = Math.max(1, hashConcurrency);
  hashing.queueLimit = hashQueueLimit;
}

/** Hashes running and waiting right now (tests, diagnostics). */
export function passwordQueueState(): { active: number; pending: number } {
  return { active: hashing.limit.activeCount, pending: hashing.limit.pendingCount };
}

function deriveKey(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  if (hashing.limit.pendingCount >= hashing.queueLimit)
    return Promise.reject(new PasswordQueueFullError());
  return hashing.limit(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), so the parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const N = Number(n);
  const key = await deriveKey(password, Buffer.from(salt, 'base64url'), {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: Math.max(PARAMS.maxmem, 256 * N * Number(r)),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so an unknown e-mail cannot be told apart from a
 * wrong password by timing.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}
