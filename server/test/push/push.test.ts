import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { signIn } from '../../src/testing/sign-in.ts';
import type { SignInResult } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';

let server: TestServer;
let demo: SignInResult;
let friend: SignInResult;

beforeAll(async () => {
  server = await startTestServer({ env: { PUSH_AUTH_TIMEOUT_MS: '400' } });
  demo = await signIn(server.origin, 'demo@example.com', 'demo1234');
  friend = await signIn(server.origin, 'friend@example.com', 'demo1234');
});
afterAll(async () => {
  await server.close();
});

/** A socket that records what it receives and how it closed. */
async function connect() {
  const socket = new WebSocket(`ws://localhost:${server.port}/push`);
  const received: string[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    received.push(data.toString());
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = async (count = 1) => {
    while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
    return received[count - 1];
  };
  return { socket, received, closed, next };
}

const authenticate = async (client: Awaited<ReturnType<typeof connect>>, token: string) => {
  client.socket.send(JSON.stringify({ action: 'authenticate', token }));
  return client.next(1);
};

describe('push websocket', () => {
  it("answers OK to a valid token and delivers that user's messages only", async () => {
    const a = await connect();
    const a2 = await connect();
    const b = await connect();
    expect(await authenticate(a, demo.accessToken)).toBe('OK');
    expect(await authenticate(a2, demo.accessToken)).toBe('OK');
    expect(await authenticate(b, friend.accessToken)).toBe('OK');

    const { push } = server.app.deps;
    expect(push.connectionCount(demo.claims.sub)).toBe(2);
    const message = {
      id: 'd1',
      timestamp: new Date().toISOString(),
      key: 'archive generation started',
      message: { userId: demo.claims.sub, downloadId: 'x' },
    };
    expect(push.publish(demo.claims.sub, message)).toBe(2);
    expect(JSON.parse((await a.next(2))!)).toEqual(message);
    expect(JSON.parse((await a2.next(2))!)).toEqual(message);

    expect(push.publish(friend.claims.sub, 'for friend')).toBe(1);
    expect(await b.next(2)).toBe('for friend');
    // Nothing of demo's reached friend, nothing of friend's reached demo.
    expect(b.received).toEqual(['OK', 'for friend']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.received).toHaveLength(2);

    for (const client of [a, a2, b]) client.socket.close();
    await Promise.all([a.closed, a2.closed, b.closed]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(push.connectionCount(demo.claims.sub)).toBe(0);
    expect(push.publish(demo.claims.sub, 'nobody listens')).toBe(0);
  });

  it('closes a socket that does not authenticate in time', async () => {
    const client = await connect();
    const started = Date.now();
    const { code } = await client.closed;
    expect(code).toBe(1008);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(client.received).toEqual([]);
  });

  it('closes the socket on a wrong token with a policy violation', async () => {
    const client = await connect();
    client.socket.send(JSON.stringify({ action: 'authenticate', token: 'f'.repeat(43) }));
    expect((await client.closed).code).toBe(1008);
    expect(client.received).toEqual([]);
  });

  it('ignores malformed messages and still accepts a later authenticate', async () => {
    const client = await connect();
    for (const junk of [
      'not json',
      '{"action":"subscribe"}',
      '{"action":"authenticate"}',
      '[1,2]',
      'null',
    ])
      client.socket.send(junk);
    client.socket.send(Buffer.from([0, 1, 2]), { binary: true });
    expect(await authenticate(client, demo.accessToken)).toBe('OK');
    expect(client.received).toEqual(['OK']);
    client.socket.close();
    await client.closed;
  });

  it('drops oversized frames without taking the server down', async () => {
    const client = await connect();
    client.socket.send('x'.repeat(200 * 1024));
    expect((await client.closed).code).toBe(1009);
    const again = await connect();
    expect(await authenticate(again, demo.accessToken)).toBe('OK');
    again.socket.close();
    await again.closed;
  });
});
