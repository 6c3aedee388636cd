import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const identity = (headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: '/api/me/identity', headers });

describe('app.authenticate on GET /api/me/identity', () => {
  it('returns the caller for a valid Bearer token', async () => {
    const { accessToken, claims } = await signIn(server.origin, 'business@example.com', 'demo1234');
    const response = await identity({ authorization: `Bearer ${accessToken}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: claims.sub,
      email: 'business@example.com',
      isBusiness: true,
    });
  });

  it.each([
    ['missing', {}, 'Missing Authorization header'],
    [
      'not Bearer',
      { authorization: 'Basic ZGVtbzpkZW1vMTIzNA==' },
      'The Authorization header must be "Bearer <access token>"',
    ],
    [
      'forged',
      { authorization: `Bearer ${'f'.repeat(43)}` },
      'The access token is invalid or expired',
    ],
  ])(
    'answers 401 JSON naming headers.authorization for a %s token',
    async (_name, headers, message) => {
      const response = await identity(headers);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message,
        field: 'headers.authorization',
        correlationId: expect.any(String),
      });
    },
  );

  it('rejects an expired token', async () => {
    const { accessToken } = await signIn(server.origin, 'demo@example.com', 'demo1234');
    // Expire it in storage before its first use (nothing cached yet).
    await server.app.deps.db
      .updateTable('oidc_payloads')
      .set({ expires_at: Date.now() - 1000 })
      .where('type', '=', 'AccessToken')
      .where('id', '=', accessToken)
      .execute();
    const response = await identity({ authorization: `Bearer ${accessToken}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().field).toBe('headers.authorization');
  });

  it('rejects the ID token used as an access token', async () => {
    const { idToken } = await signIn(server.origin, 'demo@example.com', 'demo1234');
    expect((await identity({ authorization: `Bearer ${idToken}` })).statusCode).toBe(401);
  });

  it('rejects the token of a user that no longer exists', async () => {
    const { accessToken, claims } = await signIn(server.origin, 'friend@example.com', 'demo1234');
    await server.app.deps.db.deleteFrom('users').where('id', '=', claims.sub).execute();
    expect((await identity({ authorization: `Bearer ${accessToken}` })).statusCode).toBe(401);
  });
});
