import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { VerifiedToken } from '../../src/auth/access-token-verifier.ts';
import { databaseKind } from '../../src/db/database.ts';
import {
  BusMessageTooLargeError,
  InProcessBus,
  MAX_BUS_PAYLOAD_BYTES,
  PostgresBus,
  RedisBus,
} from '../../src/push/instance-bus.ts';
import type { BusMessage, InstanceBus } from '../../src/push/instance-bus.ts';
import { CLOSE_REASONS, PushHub } from '../../src/push/push-hub.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import { testDatabaseEnv } from '../../src/testing/test-database.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import { WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { connect } from './push-client.ts';
import { freshPostgresDatabase, postgresAdminUrl, startRedis } from './shared-services.ts';

const adminUrl = postgresAdminUrl();
const quiet = { warn: () => {}, error: () => {} };

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Two instances on one database, as behind the load balancer: A is the issuer's origin (where
 * users sign in), B is a second process on the same data and the same public origin.
 */
async function startPair(env: Record<string, string>) {
  // A's database is the test harness's (`server-pg`: one of its own); B opens the same one.
  const a = await startTestServer({ env });
  let b: FastifyInstance | undefined;
  try {
    b = await buildApp({
      dataDir: a.dataDir,
      port: 0,
      publicOrigin: a.origin,
      env: { ...process.env, ...(await testDatabaseEnv(a.dataDir)), ...env },
    });
    await b.listen({ port: 0, host: 'localhost' });
  } catch (error) {
    await b?.close();
    await a.close();
    throw error;
  }
  const bPort = (b.server.address() as AddressInfo).port;
  return {
    a,
    b,
    bOrigin: `http://localhost:${bPort}`,
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}

describe.skipIf(!adminUrl).each(['postgres', 'redis'] as const)(
  'push across two instances (%s)',
  (kind) => {
    let pair: Awaited<ReturnType<typeof startPair>>;
    const stops: Array<() => Promise<void>> = [];
    const urlA = () => `ws://localhost:${pair.a.port}/push`;
    const urlB = () => `${pair.bOrigin.replace('http', 'ws')}/push`;

    beforeAll(async () => {
      const env: Record<string, string> = {};
      if (kind === 'redis') {
        const redis = await startRedis();
        stops.push(redis.stop);
        env.REDIS_URL = redis.url;
      }
      pair = await startPair(env);
      expect(pair.a.app.deps.bus.kind).toBe(kind);
      expect(pair.b.deps.bus.kind).toBe(kind);
      expect([databaseKind(pair.a.app.deps.db), databaseKind(pair.b.deps.db)]).toEqual([
        'postgres',
        'postgres',
      ]);
    }, 60_000);
    afterAll(async () => {
      await pair?.close();
      for (const stop of stops.reverse()) await stop();
    });

    it('delivers what one instance publishes to the user’s sockets on both, once each', async () => {
      const session = await signIn(pair.a.origin, 'demo@example.com', 'demo1234');
      const friend = await signIn(pair.a.origin, 'friend@example.com', 'demo1234');
      const onA = await connect(urlA());
      const onB = await connect(urlB());
      const friendOnA = await connect(urlA());
      expect(await onA.authenticate(session.accessToken)).toBe('OK');
      expect(await onB.authenticate(session.accessToken)).toBe('OK');
      expect(await friendOnA.authenticate(friend.accessToken)).toBe('OK');
      const userId = session.claims.sub;

      // B reaches its own socket at once and A's through the bus; the last message marks the end.
      expect(pair.b.deps.push.publish(userId, { n: 1 })).toBe(1);
      pair.b.deps.push.publish(userId, 'last from B');
      await until(() => onA.received.includes('last from B'), 'A to receive B’s messages');
      expect(onA.received).toEqual(['OK', '{"n":1}', 'last from B']);
      expect(onB.received).toEqual(['OK', '{"n":1}', 'last from B']);

      pair.a.app.deps.push.publish(userId, 'from A');
      await until(() => onB.received.includes('from A'), 'B to receive A’s message');
      pair.a.app.deps.push.publish(userId, 'last from A');
      await until(() => onB.received.includes('last from A'), 'B to receive A’s last message');
      expect(onA.received.filter((text) => text === 'from A')).toHaveLength(1);
      expect(onB.received.filter((text) => text === 'from A')).toHaveLength(1);
      // Nobody else's messages.
      expect(friendOnA.received).toEqual(['OK']);
      for (const socket of [onA, onB, friendOnA]) socket.socket.close();
    });

    it('signing out on one instance closes the session’s sockets on the other, and its token there', async () => {
      const session = await signIn(pair.a.origin, 'demo@example.com', 'demo1234');
      const identityOnA = () =>
        pair.a.app.inject({
          method: 'GET',
          url: '/api/me/identity',
          headers: { authorization: `Bearer ${session.accessToken}` },
        });
      // A has checked the token and remembers the check.
      expect((await identityOnA()).statusCode).toBe(200);
      const onA = await connect(urlA());
      expect(await onA.authenticate(session.accessToken)).toBe('OK');

      // Sign-out in the apps revokes the refresh token, and with it the grant: on B.
      const revoked = await fetch(`${pair.bOrigin}/oidc/token/revocation`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: session.refreshToken!,
          token_type_hint: 'refresh_token',
          client_id: 'web',
        }),
      });
      expect(revoked.status).toBe(200);
      expect(await onA.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.revoked });
      // A forgot its check: the token is refused there too, not accepted until the cache expires.
      expect((await identityOnA()).statusCode).toBe(401);
    });

    it('closes every socket of an account signed out everywhere on the other instance', async () => {
      const session = await signIn(pair.a.origin, 'friend@example.com', 'demo1234');
      const onA = await connect(urlA());
      expect(await onA.authenticate(session.accessToken)).toBe('OK');
      // What account deletion and an e-mail change do to the account's tokens, on B.
      pair.b.deps.tokens.invalidateUser(session.claims.sub);
      expect(await onA.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.revoked });
    });
  },
);

describe.skipIf(!adminUrl).each(['postgres', 'redis'] as const)('the %s bus', (kind) => {
  const cleanups: Array<() => Promise<void>> = [];
  /** Opens a bus; `drop` cuts its listening connection from the server's side. */
  let open: () => Promise<{ bus: InstanceBus; drop: () => Promise<void> }>;
  beforeAll(async () => {
    if (kind === 'postgres') {
      const database = await freshPostgresDatabase(adminUrl!);
      cleanups.push(database.drop);
      open = async () => {
        const bus = await PostgresBus.open(database.url, quiet);
        const drop = async () => {
          const admin = new pg.Client({ connectionString: database.url });
          await admin.connect();
          await admin.query('SELECT pg_terminate_backend($1)', [bus.listenerPid]);
          await admin.end();
        };
        return { bus, drop };
      };
    } else {
      const redis = await startRedis();
      cleanups.push(redis.stop);
      open = async () => {
        const bus = await RedisBus.open(redis.url, quiet);
        const drop = async () => {
          const admin = new Redis(redis.url);
          await admin.client('KILL', 'TYPE', 'pubsub');
          admin.disconnect();
        };
        return { bus, drop };
      };
    }
  }, 60_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('listens again after its connection dropped, and has the hub check its sockets again', async () => {
    const { bus: listening, drop } = await open();
    const { bus: sending } = await open();
    const tokens = new Map<string, VerifiedToken>();
    const user = { id: 'user-1', email: 'a@example.com', isBusiness: false };
    tokens.set('kept', { user, grantId: 'g1', expiresAt: Date.now() + 60_000 });
    tokens.set('revoked-meanwhile', { user, grantId: 'g2', expiresAt: Date.now() + 60_000 });
    const hub = new PushHub({ verify: async (token) => tokens.get(token), bus: listening });
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    wss.on('connection', (socket) => hub.accept(socket));
    await new Promise((resolve) => wss.once('listening', resolve));
    const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
    try {
      const kept = await connect(url);
      const gone = await connect(url);
      expect(await kept.authenticate('kept')).toBe('OK');
      expect(await gone.authenticate('revoked-meanwhile')).toBe('OK');
      const received: BusMessage[] = [];
      listening.subscribe((message) => received.push(message));
      let reconnects = 0;
      listening.onReconnect(() => (reconnects += 1));

      // The connection drops (a failover, an idle timeout …); a revocation passes unseen.
      await drop();
      tokens.delete('revoked-meanwhile');

      await until(() => reconnects === 1, 'the bus to reconnect');
      expect(await gone.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.revoked });
      expect(kept.isOpen()).toBe(true);
      // Listening again: a message sent now arrives (the subscription may trail the reconnect).
      await until(() => {
        sending.send({ kind: 'publish', userId: user.id, text: 'after the gap' });
        return kept.received.includes('after the gap');
      }, 'a message after reconnecting');
      expect(received[0]).toEqual({ kind: 'publish', userId: user.id, text: 'after the gap' });
      kept.socket.close();
    } finally {
      hub.closeAll();
      await new Promise((resolve) => wss.close(resolve));
      await listening.close();
      await sending.close();
    }
  });
});

describe('push messages too big to cross instances', () => {
  it('are refused where they are published, on one process too', () => {
    const hub = new PushHub({ verify: async () => undefined, bus: new InProcessBus(quiet) });
    expect(() => hub.publish('user-1', 'x'.repeat(MAX_BUS_PAYLOAD_BYTES))).toThrow(
      BusMessageTooLargeError,
    );
    expect(hub.publish('user-1', { id: 'archive-1', status: 'finished' })).toBe(0);
    hub.closeAll();
  });
});
