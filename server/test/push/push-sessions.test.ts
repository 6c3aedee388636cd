import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { VerifiedToken } from '../../src/auth/access-token-verifier.ts';
import { CLOSE_REASONS, PushHub } from '../../src/push/push-hub.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { SignInResult } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { connect } from './push-client.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('push sessions on the real server', () => {
  let server: TestServer;
  let first: SignInResult;
  let second: SignInResult;
  let friend: SignInResult;
  const url = () => `ws://localhost:${server.port}/push`;

  beforeAll(async () => {
    server = await startTestServer({ env: { PUSH_MAX_SOCKETS_PER_USER: '3' } });
    // Two sign-ins of the same user: two grants, as two devices have.
    first = await signIn(server.origin, 'demo@example.com', 'demo1234');
    second = await signIn(server.origin, 'demo@example.com', 'demo1234');
    friend = await signIn(server.origin, 'friend@example.com', 'demo1234');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const revoke = (token: string, hint: 'refresh_token' | 'access_token') =>
    fetch(`${server.origin}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: hint, client_id: 'web' }),
    });

  it('closes the sockets of a signed-out session, and only those', async () => {
    const userId = first.claims.sub;
    const a1 = await connect(url());
    const a2 = await connect(url());
    const b = await connect(url());
    expect(await a1.authenticate(first.accessToken)).toBe('OK');
    expect(await a2.authenticate(first.accessToken)).toBe('OK');
    expect(await b.authenticate(second.accessToken)).toBe('OK');
    const { push } = server.app.deps;
    expect(push.connectionCount(userId)).toBe(3);

    // Sign-out in the apps: the refresh token is revoked, and with it the whole grant.
    expect((await revoke(first.refreshToken!, 'refresh_token')).status).toBe(200);
    expect(await a1.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.revoked });
    expect(await a2.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.revoked });
    expect(push.connectionCount(userId)).toBe(1);
    // A message published afterwards reaches the other session only.
    expect(push.publish(userId, 'after sign-out')).toBe(1);
    await settle();
    expect(b.received).toEqual(['OK', 'after sign-out']);
    expect(a1.received).toEqual(['OK']);
    // The revoked token cannot authenticate a new socket either.
    const again = await connect(url());
    await again.authenticate(first.accessToken);
    expect((await again.closed).code).toBe(1008);
    b.socket.close();
    await b.closed;
  });

  it('closes a socket whose access token is revoked', async () => {
    const session = await signIn(server.origin, 'demo@example.com', 'demo1234');
    const socket = await connect(url());
    expect(await socket.authenticate(session.accessToken)).toBe('OK');
    expect((await revoke(session.accessToken, 'access_token')).status).toBe(200);
    expect(await socket.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.revoked });
  });

  it('closes every socket of an account that is deleted or signed out everywhere', async () => {
    const socket = await connect(url());
    const other = await connect(url());
    expect(await socket.authenticate(friend.accessToken)).toBe('OK');
    expect(await other.authenticate(second.accessToken)).toBe('OK');
    // What account deletion and an e-mail change do to the account's tokens.
    server.app.deps.tokens.invalidateUser(friend.claims.sub);
    expect(await socket.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.revoked });
    await settle();
    expect(other.isOpen()).toBe(true);
    other.socket.close();
    await other.closed;
  });

  it('holds at most PUSH_MAX_SOCKETS_PER_USER sockets per user: a new one closes the oldest', async () => {
    const session = await signIn(server.origin, 'demo@example.com', 'demo1234');
    const userId = session.claims.sub;
    const { push } = server.app.deps;
    const sockets = [];
    for (let i = 0; i < 5; i += 1) {
      const socket = await connect(url());
      expect(await socket.authenticate(session.accessToken)).toBe('OK');
      sockets.push(socket);
      expect(push.connectionCount(userId)).toBe(Math.min(i + 1, 3));
    }
    expect(await sockets[0]!.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.replaced });
    expect(await sockets[1]!.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.replaced });
    await settle();
    expect(sockets.slice(2).map((socket) => socket.isOpen())).toEqual([true, true, true]);
    expect(push.publish(userId, 'hello')).toBe(3);
    // Another user is not affected by demo's cap.
    const friendSession = await signIn(server.origin, 'friend@example.com', 'demo1234');
    const friendSocket = await connect(url());
    expect(await friendSocket.authenticate(friendSession.accessToken)).toBe('OK');
    expect(push.connectionCount(userId)).toBe(3);
    for (const socket of [...sockets.slice(2), friendSocket]) socket.socket.close();
  });

  it('200 sockets of one user leave it holding the cap, and the server answering', async () => {
    const session = await signIn(server.origin, 'demo@example.com', 'demo1234');
    const sockets = await Promise.all(Array.from({ length: 200 }, () => connect(url())));
    for (const socket of sockets) await socket.authenticate(session.accessToken);
    await settle();
    expect(server.app.deps.push.connectionCount(session.claims.sub)).toBe(3);
    expect(sockets.filter((socket) => socket.isOpen())).toHaveLength(3);
    const identity = await fetch(`${server.origin}/api/me/identity`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(identity.status).toBe(200);
    for (const socket of sockets) socket.socket.close();
  }, 120_000);
});

describe('push hub: token expiry', () => {
  let wss: WebSocketServer;
  let hub: PushHub;
  const tokens = new Map<string, VerifiedToken>();
  const url = () => `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  const user = { id: 'user-1', email: 'a@example.com', isBusiness: false };

  beforeAll(async () => {
    hub = new PushHub({ verify: async (token) => tokens.get(token) });
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    wss.on('connection', (socket) => hub.accept(socket));
    await new Promise((resolve) => wss.once('listening', resolve));
  });
  afterAll(async () => {
    hub.closeAll();
    await new Promise((resolve) => wss.close(resolve));
  });

  it('closes a socket when its access token expires', async () => {
    tokens.set('short', { user, grantId: 'g1', expiresAt: Date.now() + 400 });
    const socket = await connect(url());
    const started = Date.now();
    expect(await socket.authenticate('short')).toBe('OK');
    expect(await socket.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.expired });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(hub.connectionCount(user.id)).toBe(0);
  });

  it('keeps a socket that authenticates again with a fresh token before the old one expires', async () => {
    tokens.set('old', { user, grantId: 'g2', expiresAt: Date.now() + 400 });
    tokens.set('fresh', { user, grantId: 'g2', expiresAt: Date.now() + 60_000 });
    const socket = await connect(url());
    expect(await socket.authenticate('old')).toBe('OK');
    expect(await socket.authenticate('fresh')).toBe('OK');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(socket.isOpen()).toBe(true);
    expect(hub.publish(user.id, 'still here')).toBe(1);
    // Revoking the old token's grant ends the socket all the same (same grant).
    expect(hub.revoke({ grantId: 'g2' })).toBe(1);
    expect(await socket.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.revoked });
  });

  it('refuses a token that has already expired', async () => {
    tokens.set('stale', { user, grantId: 'g3', expiresAt: Date.now() - 1000 });
    const socket = await connect(url());
    expect(await socket.authenticate('stale')).toBeUndefined();
    expect(await socket.closed).toEqual({ code: 1008, reason: CLOSE_REASONS.unauthorized });
  });
});
