import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockForTransaction } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { demoUserId, seedUsers } from '../../src/seed/users.ts';
import { closeTestDatabase, openTestDatabase } from '../../src/testing/test-database.ts';

let db: Db;
const userId = demoUserId('demo');
beforeEach(async () => {
  db = await openTestDatabase();
  await seedUsers(db);
});
afterEach(async () => {
  await closeTestDatabase(db);
});

const monthCount = (executor: Db) =>
  executor
    .selectFrom('photo_month_counts')
    .select('count')
    .where('user_id', '=', userId)
    .executeTakeFirst();

describe('lockForTransaction', () => {
  it('lets transactions on one key take turns, the later one reading what the earlier committed', async () => {
    let firstHolds!: () => void;
    const holding = new Promise<void>((resolve) => (firstHolds = resolve));
    const first = db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, 'month-count');
      firstHolds();
      // Still working while the second one asks for the key.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await trx
        .insertInto('photo_month_counts')
        .values({ user_id: userId, year: 2024, month: 5, count: 1 })
        .execute();
    });
    await holding;
    const second = db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, 'month-count');
      // A read, then a write that depends on it: never on a count another one is changing.
      const seen = await monthCount(trx);
      await trx
        .updateTable('photo_month_counts')
        .set({ count: (seen?.count ?? 0) + 1 })
        .where('user_id', '=', userId)
        .execute();
      return seen?.count;
    });
    await first;
    expect(await second).toBe(1);
    expect((await monthCount(db))?.count).toBe(2);
  });
});
