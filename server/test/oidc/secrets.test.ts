import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateOidcSecrets, SECRETS_FILE } from '../../src/oidc/secrets.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'oidc-secrets-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadOrCreateOidcSecrets', () => {
  it('generates cookie keys and an RS256 signing key once, private to the owner', async () => {
    const first = loadOrCreateOidcSecrets(dir);
    expect(first.cookieKeys[0]!.length).toBeGreaterThanOrEqual(32);
    expect(first.jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(first.jwks.keys[0]).toHaveProperty('d');
    expect((await stat(join(dir, SECRETS_FILE))).mode & 0o777).toBe(0o600);
    expect(loadOrCreateOidcSecrets(dir)).toEqual(first);
  });

  it('refuses a corrupted file instead of silently replacing the keys', async () => {
    await writeFile(join(dir, SECRETS_FILE), JSON.stringify({ cookieKeys: [] }));
    expect(() => loadOrCreateOidcSecrets(dir)).toThrow(/not a valid secrets file/);
    expect(await readFile(join(dir, SECRETS_FILE), 'utf8')).toBe('{"cookieKeys":[]}');
  });
});
