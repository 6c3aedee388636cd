import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockForTransaction, openDatabase, withDatabaseLock } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { demoUserId, seedUsers } from '../../src/seed/users.ts';
import {
  closeTestDatabase,
  databaseUrl,
  openTestDatabase,
  testPostgresUrl,
} from '../../src/testing/test-database.ts';

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

describe('withDatabaseLock', () => {
  it.skipIf(testPostgresUrl() === undefined)(
    'runs work of instances starting together one after the other (PostgreSQL)',
    async () => {
      // Another instance's handle on the same database.
      const other = await openDatabase({
        url: databaseUrl(testPostgresUrl()!, await currentDatabase(db)),
      });
      try {
        const events: string[] = [];
        const work = (name: string) => async () => {
          events.push(`${name} starts`);
          await new Promise((resolve) => setTimeout(resolve, 300));
          events.push(`${name} ends`);
          return name;
        };
        const first = withDatabaseLock(db, 'seed', work('first'));
        await new Promise((resolve) => setTimeout(resolve, 100));
        const second = withDatabaseLock(other, 'seed', work('second'));
        expect(await Promise.all([first, second])).toEqual(['first', 'second']);
        expect(events).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
      } finally {
        await other.destroy();
      }
    },
  );
});

async function currentDatabase(executor: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(executor);
  return rows[0]!.name;
}
