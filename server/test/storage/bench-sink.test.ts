import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';

// The raw streaming endpoint `npm run bench:upload` measures the uploads against: it exists
// only when the benchmark turns it on, needs the bearer token, and keeps nothing.
let plain: TestServer;
let bench: TestServer;
let token: string;

beforeAll(async () => {
  [plain, bench] = await Promise.all([
    startTestServer({ seed: 'users' }),
    startTestServer({
      seed: 'users',
      env: { UPLOAD_BENCH_SINK: '1', UPLOAD_MAX_BYTES: String(1024 * 1024) },
    }),
  ]);
  token = (await signIn(bench.origin, 'demo@example.com', 'demo1234')).accessToken;
}, 120_000);

afterAll(async () => {
  await Promise.all([plain?.close(), bench?.close()]);
});

const post = (origin: string, body: Uint8Array, auth = true) =>
  fetch(`${origin}/api/storage/bench-sink`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });

describe('POST /api/storage/bench-sink', () => {
  it('does not exist unless UPLOAD_BENCH_SINK is on', async () => {
    const response = await post(plain.origin, randomBytes(10));
    expect(response.status).toBe(404);
  });

  it('counts the streamed bytes and keeps no file', async () => {
    const response = await post(bench.origin, randomBytes(300_000));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ bytes: 300_000 });
    const left = (await readdir(bench.dataDir)).filter((name) => name.startsWith('bench-sink'));
    expect(left).toEqual([]);
  });

  it('needs the bearer token and refuses bodies above the upload limit with JSON', async () => {
    expect((await post(bench.origin, randomBytes(10), false)).status).toBe(401);
    const tooLarge = await post(bench.origin, randomBytes(1024 * 1024 + 1));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ statusCode: 413, field: 'body' });
  });
});
