import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase, openTestDatabase } from '../../src/testing/test-database.ts';
import type { Db } from '../../src/db/database.ts';
import { DatabaseOidcAdapter, sweepExpiredOidcPayloads } from '../../src/oidc/adapter.ts';

let db: Db;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  await closeTestDatabase(db);
});

describe('DatabaseOidcAdapter', () => {
  it('stores, finds, updates and destroys a payload per model type', async () => {
    const sessions = new DatabaseOidcAdapter(db, 'Session');
    const tokens = new DatabaseOidcAdapter(db, 'AccessToken');
    await sessions.upsert('id-1', { uid: 'uid-1', accountId: 'a' }, 60);
    expect(await sessions.find('id-1')).toEqual({ uid: 'uid-1', accountId: 'a' });
    // Same id, other model: separate rows.
    expect(await tokens.find('id-1')).toBeUndefined();
    await sessions.upsert('id-1', { uid: 'uid-1', accountId: 'b' }, 60);
    expect(await sessions.find('id-1')).toMatchObject({ accountId: 'b' });
    expect(await sessions.findByUid('uid-1')).toMatchObject({ accountId: 'b' });
    await sessions.destroy('id-1');
    expect(await sessions.find('id-1')).toBeUndefined();
  });

  it('finds device codes by user code', async () => {
    const codes = new DatabaseOidcAdapter(db, 'DeviceCode');
    await codes.upsert('dc', { userCode: 'ABCD-EFGH' }, 60);
    expect(await codes.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
    expect(await codes.findByUserCode('ZZZZ')).toBeUndefined();
  });

  it('marks consumed payloads', async () => {
    const codes = new DatabaseOidcAdapter(db, 'AuthorizationCode');
    await codes.upsert('code', { grantId: 'g' }, 60);
    expect((await codes.find('code'))?.consumed).toBeUndefined();
    await codes.consume('code');
    expect((await codes.find('code'))?.consumed).toBeTypeOf('number');
  });

  it('treats expired rows as absent and sweeps them', async () => {
    const tokens = new DatabaseOidcAdapter(db, 'AccessToken');
    await tokens.upsert('old', { grantId: 'g' }, 60);
    await tokens.upsert('forever', { grantId: 'g' });
    await db
      .updateTable('oidc_payloads')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', 'old')
      .execute();
    expect(await tokens.find('old')).toBeUndefined();
    expect(await tokens.find('forever')).toBeDefined();
    expect(await sweepExpiredOidcPayloads(db)).toBe(1);
    const left = await db.selectFrom('oidc_payloads').select('id').execute();
    expect(left.map((row) => row.id)).toEqual(['forever']);
  });

  it('revokes by grant id within its own model only', async () => {
    const access = new DatabaseOidcAdapter(db, 'AccessToken');
    const refresh = new DatabaseOidcAdapter(db, 'RefreshToken');
    await access.upsert('a1', { grantId: 'g1' }, 60);
    await access.upsert('a2', { grantId: 'g2' }, 60);
    await refresh.upsert('r1', { grantId: 'g1' }, 60);
    await access.revokeByGrantId('g1');
    expect(await access.find('a1')).toBeUndefined();
    expect(await access.find('a2')).toBeDefined();
    expect(await refresh.find('r1')).toBeDefined();
  });
});
