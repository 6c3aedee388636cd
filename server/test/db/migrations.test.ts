import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the database schema', () => {
  it('opens a database it migrated before, and refuses one a newer server has migrated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'photo-db-'));
    dirs.push(dir);
    const file = join(dir, 'app.db');
    const first = await openDatabase(file);
    await first.destroy();
    const again = await openDatabase(file);
    // A migration this code does not have, as a newer version of the server would leave it.
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', ${new Date().toISOString()})`.execute(
      again,
    );
    await again.destroy();
    await expect(openDatabase(file)).rejects.toThrow(
      'The database was written by a newer version of this server (its migration 9999_from_the_future is not known to this one).',
    );
  });
});
