import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordQueueState } from '../../src/auth/passwords.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { openLoginPage, postLogin } from './login-support.ts';

let server: TestServer;
let thumbnailUrl: string;

beforeAll(async () => {
  // Limits high enough that all 40 attempts really hash at once (no delays, no lock).
  server = await startTestServer({
    seed: true,
    env: { LOGIN_DELAY_AFTER_FAILURES: '1000', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' },
  });
  const { accessToken } = await signIn(server.origin, 'demo@example.com', 'demo1234');
  const response = await fetch(`${server.origin}/api/photo/photos?sortKey=created&sortOrder=desc`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const page = (await response.json()) as { images: Array<{ thumbnails: Array<{ url: string }> }> };
  thumbnailUrl = page.images[0]!.thumbnails[0]!.url;
}, 120_000);
afterAll(async () => {
  await server.close();
});

async function timeThumbnail(): Promise<number> {
  const started = performance.now();
  const response = await fetch(thumbnailUrl);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

describe('a burst of sign-in attempts', () => {
  it('does not starve an unrelated thumbnail request (hashing runs 2 at a time)', async () => {
    for (let i = 0; i < 3; i += 1) await timeThumbnail(); // warm the route and the file cache
    const forms = await Promise.all(Array.from({ length: 40 }, () => openLoginPage(server.origin)));

    const burst = Promise.all(
      forms.map(({ client, interactionUrl }, i) =>
        postLogin(client, interactionUrl, { email: `stranger${i}@example.com`, password: 'guess' }),
      ),
    );
    // The server runs in this process: wait until the burst's hashes are queued and running,
    // then sample the unrelated request while they are.
    const deadline = Date.now() + 30_000;
    while (passwordQueueState().active + passwordQueueState().pending < 30 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const during: number[] = [];
    for (let i = 0; i < 5; i += 1) during.push(await timeThumbnail());
    const busyAfterSampling = passwordQueueState();
    const responses = await burst;

    expect(busyAfterSampling.active).toBe(2); // still hashing: the samples were taken during the burst
    expect(busyAfterSampling.pending).toBeGreaterThan(0);
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(Math.max(...during)).toBeLessThan(200);
  }, 120_000);
});
