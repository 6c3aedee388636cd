import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { dataStamp, preparedRead } from '../../src/db/prepared-reads.ts';
import { demoUserId, seedUsers } from '../../src/seed/users.ts';
import {
  closeTestDatabase,
  openTestDatabase,
  testPostgresUrl,
} from '../../src/testing/test-database.ts';

const onPostgres = testPostgresUrl() !== undefined;

let db: Db;
const userId = demoUserId('demo');
beforeEach(async () => {
  db = await openTestDatabase();
  await seedUsers(db);
});
afterEach(async () => {
  await closeTestDatabase(db);
});

const counts = (year: number) =>
  preparedRead(db, 'counts-of-year', [userId, year], () =>
    db
      .selectFrom('photo_month_counts')
      .select(['month', 'count'])
      .where('user_id', '=', userId)
      .where('year', '=', year)
      .orderBy('month'),
  );

describe('preparedRead', () => {
  it('binds new parameters to the statement prepared for the first call', async () => {
    await db
      .insertInto('photo_month_counts')
      .values([
        { user_id: userId, year: 2020, month: 1, count: 3 },
        { user_id: userId, year: 2021, month: 2, count: 5 },
      ])
      .execute();
    expect(await counts(2020)).toEqual([{ month: 1, count: 3 }]);
    expect(await counts(2021)).toEqual([{ month: 2, count: 5 }]);
    expect(await counts(1999)).toEqual([]);
  });

  it('rejects parameters that do not match the query it would prepare', async () => {
    await expect(
      preparedRead(db, 'wrong-order', [2020, userId], () =>
        db
          .selectFrom('photo_month_counts')
          .selectAll()
          .where('user_id', '=', userId)
          .where('year', '=', 2020),
      ),
    ).rejects.toThrow(/do not match/);
  });

  it('never reads the uncommitted rows of an open transaction', async () => {
    let insideTransaction: Promise<unknown> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('photo_month_counts')
          .values({ user_id: userId, year: 2020, month: 1, count: 3 })
          .execute();
        insideTransaction = counts(2020);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await insideTransaction).toEqual([]);
  });
});

describe('dataStamp', () => {
  // SQLite's own change counters; PostgreSQL has none this instance could read (below).
  it.skipIf(onPostgres)('stays equal across reads and changes with every write', async () => {
    const before = dataStamp(db);
    expect(before).toBeDefined();
    await counts(2020);
    expect(dataStamp(db)).toBe(before);
    await db
      .insertInto('photo_month_counts')
      .values({ user_id: userId, year: 2020, month: 1, count: 3 })
      .execute();
    const afterInsert = dataStamp(db);
    expect(afterInsert).not.toBe(before);
    await db.transaction().execute(async (trx) => {
      expect(dataStamp(db)).toBeUndefined(); // never cache inside a transaction
      await trx.updateTable('photo_month_counts').set({ count: 4 }).execute();
    });
    expect(dataStamp(db)).not.toBe(afterInsert);
  });
});

describe('on PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    'dataStamp is always undefined: another instance may change the data, so nothing caches',
    async () => {
      expect(dataStamp(db)).toBeUndefined();
      await counts(2020);
      expect(dataStamp(db)).toBeUndefined();
    },
  );
});
