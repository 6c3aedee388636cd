// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../app/test-app.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

// An instance behind a proxy (npm run start:cluster, docs/deploy.md) listens on its own port
// while browsers reach the brand hosts on the public origin's.
let server: TestApp;
beforeAll(async () => {
  server = await buildTestApp({ port: 8081, publicOrigin: 'http://localhost:8080' });
});
afterAll(async () => {
  await server.close();
});

function authorize(redirectUri: string) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'web',
    response_type: 'code',
    scope: 'openid email',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'state-1',
  });
  return server.app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
}

describe('an instance behind a proxy', () => {
  it("registers the brand hosts' redirect URIs on the public origin's port", async () => {
    expect((await authorize('http://albelli-nl.localhost:8080/')).statusCode).toBe(303);
    expect((await authorize('http://localhost:8080/')).statusCode).toBe(303);
  });

  it("refuses them on the instance's own port, which browsers never see", async () => {
    expect((await authorize('http://albelli-nl.localhost:8081/')).statusCode).toBe(400);
  });
});
