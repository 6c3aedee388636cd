import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind, openDatabase } from '../../src/db/database.ts';
import type { DatabaseTarget } from '../../src/db/database.ts';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  testPostgresUrl,
} from '../../src/testing/test-database.ts';

const postgresUrl = testPostgresUrl();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A new, empty database of the project's kind: a SQLite file, or a PostgreSQL database. */
async function newTarget(): Promise<DatabaseTarget> {
  if (postgresUrl) {
    const name = await createDatabase(postgresUrl);
    cleanups.push(() => dropDatabase(postgresUrl, name));
    return { url: databaseUrl(postgresUrl, name) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'photo-db-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { file: join(dir, 'app.db') };
}

describe('the database schema', () => {
  it('opens a database it migrated before, and refuses one a newer server has migrated', async () => {
    const target = await newTarget();
    const first = await openDatabase(target);
    expect(databaseKind(first)).toBe(postgresUrl ? 'postgres' : 'sqlite');
    await first.destroy();
    const again = await openDatabase(target);
    // A migration this code does not have, as a newer version of the server would leave it.
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', ${new Date().toISOString()})`.execute(
      again,
    );
    await again.destroy();
    await expect(openDatabase(target)).rejects.toThrow(
      'The database was written by a newer version of this server (its migration 9999_from_the_future is not known to this one).',
    );
  });
});

describe('a PostgreSQL database', () => {
  it('that cannot be reached is refused at start with where and why, never the password', async () => {
    // A port nobody listens on.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const opening = openDatabase({ url: `postgres://app:s3cret@127.0.0.1:${port}/photos` });
    await expect(opening).rejects.toThrow(
      new RegExp(
        `^Cannot reach the database at 127\\.0\\.0\\.1:${port}/photos: .*ECONNREFUSED.*\\. Start PostgreSQL or fix DATABASE_URL\\.$`,
      ),
    );
    await expect(opening).rejects.not.toThrow(/s3cret/);
  });

  it.skipIf(!postgresUrl)(
    'gives counts, sums and wide integers back as numbers, as SQLite does',
    async () => {
      const target = await newTarget();
      const db = await openDatabase(target);
      try {
        const row = await db
          .selectFrom('photo_month_counts')
          .select((eb) => [
            eb.fn.countAll().as('rows'),
            sql<number>`cast(${2 ** 40} as bigint)`.as('wide'),
            sql<number>`sum(cast(3 as bigint))`.as('total'),
          ])
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ rows: 0, wide: 2 ** 40, total: null });
      } finally {
        await db.destroy();
      }
    },
  );
});
