import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/seed/index.ts';
import { refreshTokens, signIn } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('restart on the same DATA_DIR', () => {
  it('keeps users, sessions and keys, and does not seed again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'photo-restart-'));
    dirs.push(dataDir);

    const first = await startTestServer({ dataDir, seed: false });
    expect(await seedDemoData(first.app.deps)).toEqual({ createdUsers: true });
    const tokens = await signIn(first.origin, 'demo@example.com', 'demo1234');
    const users = await first.app.deps.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .orderBy('id')
      .execute();
    const readSecrets = (db: typeof first.app.deps.db) =>
      db.selectFrom('server_secrets').selectAll().orderBy('name').execute();
    const secrets = await readSecrets(first.app.deps.db);
    await first.close();

    // Same port: the issuer (and so the tokens' audience and redirect URIs) stays the same.
    const second = await startTestServer({ dataDir, seed: false, port: first.port });
    try {
      expect(await seedDemoData(second.app.deps)).toEqual({ createdUsers: false });
      const after = await second.app.deps.db
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .orderBy('id')
        .execute();
      expect(after).toEqual(users);
      expect(await readSecrets(second.app.deps.db)).toEqual(secrets);

      // The access token issued before the restart is still accepted.
      const identity = await second.app.inject({
        method: 'GET',
        url: '/api/me/identity',
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      expect(identity.statusCode).toBe(200);
      expect(identity.json().email).toBe('demo@example.com');
      // The refresh token too, and the signed-in session: no password asked again.
      await expect(refreshTokens(second.origin, tokens.refreshToken!)).resolves.toMatchObject({
        accessToken: expect.any(String),
      });
      const authorize = new URL(`${second.origin}/oidc/auth`);
      authorize.search = new URLSearchParams({
        client_id: 'web',
        response_type: 'code',
        scope: 'openid',
        redirect_uri: `${second.origin}/`,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString();
      const silent = await tokens.browser.fetch(authorize.toString());
      expect(silent.headers.get('location')).toMatch(new RegExp(`^${second.origin}/\\?code=`));
    } finally {
      await second.close();
    }
  });
});
