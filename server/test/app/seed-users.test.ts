import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/passwords.ts';
import { closeTestDatabase, openTestDatabase } from '../../src/testing/test-database.ts';
import type { Db } from '../../src/db/database.ts';
import { demoUserId, seedUsers } from '../../src/seed/users.ts';

let db: Db;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  await closeTestDatabase(db);
});

describe('seedUsers', () => {
  it('creates the three demo users of docs/conventions.md once', async () => {
    expect(await seedUsers(db)).toBe(true);
    expect(await seedUsers(db)).toBe(false);
    const users = await db.selectFrom('users').selectAll().orderBy('email').execute();
    expect(
      users.map((user) => [
        user.email,
        user.authentication_method,
        user.activation_status,
        user.business_status,
      ]),
    ).toEqual([
      ['business@example.com', 'b2b', 'NOT_ACTIVE', 'Default'],
      ['demo@example.com', 'password', 'ACTIVE', null],
      ['friend@example.com', 'password', 'ACTIVE', null],
    ]);
    for (const user of users)
      expect(await verifyPassword('demo1234', user.password_hash)).toBe(true);
    expect(users.find((user) => user.email === 'demo@example.com')?.id).toBe(demoUserId('demo'));
  });

  it('seeds concurrently started runs only once (one transaction)', async () => {
    const results = await Promise.all([seedUsers(db), seedUsers(db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.selectFrom('users').select('id').execute()).toHaveLength(3);
  });

  it('leaves a database with any user alone', async () => {
    await db
      .insertInto('users')
      .values({
        id: 'u',
        email: 'x@example.com',
        password_hash: 'h',
        idp_type: 'local',
        idp_sub: 's',
        authentication_method: 'password',
        activation_status: 'ACTIVE',
        business_status: null,
      })
      .execute();
    expect(await seedUsers(db)).toBe(false);
    expect(await db.selectFrom('users').select('email').execute()).toEqual([
      { email: 'x@example.com' },
    ]);
  });
});
