import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { Signer } from '../../src/modules/photo-management/signing.ts';
import { loadOrCreateOidcSecrets, SECRETS_FILE } from '../../src/oidc/secrets.ts';

let dir: string;
const open: Db[] = [];
const database = async () => {
  const db = await openDatabase({ file: join(dir, 'app.db') });
  open.push(db);
  return db;
};
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'oidc-secrets-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy()));
  await rm(dir, { recursive: true, force: true });
});

describe('loadOrCreateOidcSecrets', () => {
  it('generates cookie keys and an RS256 signing key once, in the database', async () => {
    const db = await database();
    const first = await loadOrCreateOidcSecrets(db, dir);
    expect(first.cookieKeys[0]!.length).toBeGreaterThanOrEqual(32);
    expect(first.jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(first.jwks.keys[0]).toHaveProperty('d');
    expect(await loadOrCreateOidcSecrets(db, dir)).toEqual(first);
    const rows = await db.selectFrom('server_secrets').select('name').execute();
    expect(rows.map((row) => row.name)).toEqual(['oidc']);
  });

  it('gives instances starting at once on one database the same keys', async () => {
    // Two handles on one file, as two processes have: both find nothing, one insert lands.
    const a = await database();
    const b = await database();
    const [fromA, fromB] = await Promise.all([
      loadOrCreateOidcSecrets(a, dir),
      loadOrCreateOidcSecrets(b, dir),
    ]);
    expect(fromB).toEqual(fromA);
    const [signerA, signerB] = await Promise.all([Signer.shared(a, dir), Signer.shared(b, dir)]);
    expect(signerB.sign('cursor|x')).toBe(signerA.sign('cursor|x'));
  });

  it('imports the keys a data folder of an older version kept in files', async () => {
    const legacy = {
      cookieKeys: [randomBytes(32).toString('base64url')],
      jwks: { keys: [{ kty: 'RSA', kid: 'old', n: 'x', e: 'AQAB', d: 'y' }] },
    };
    await writeFile(join(dir, SECRETS_FILE), JSON.stringify(legacy));
    const key = randomBytes(32);
    await mkdir(join(dir, 'secrets'));
    await writeFile(join(dir, 'secrets', 'photo-management.key'), key);
    const db = await database();
    expect(await loadOrCreateOidcSecrets(db, dir)).toEqual(legacy);
    expect((await Signer.shared(db, dir)).sign('a')).toBe(new Signer(key).sign('a'));
  });

  it('refuses a corrupted secrets file instead of silently replacing the keys', async () => {
    await writeFile(join(dir, SECRETS_FILE), JSON.stringify({ cookieKeys: [] }));
    const db = await database();
    await expect(loadOrCreateOidcSecrets(db, dir)).rejects.toThrow(/not hold valid/);
    expect(await db.selectFrom('server_secrets').select('name').execute()).toEqual([]);
  });
});
