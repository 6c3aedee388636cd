import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, SQLITE_MMAP_BYTES } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sqlite-settings-'));
  db = await openDatabase({ file: path.join(dir, 'app.db') });
});
afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

it('maps the SQLite file for reads, so a page of photos does not re-read each page through the 2 MB page cache', async () => {
  const { rows } = await sql<{ mmap_size: number }>`PRAGMA mmap_size`.execute(db);
  expect(SQLITE_MMAP_BYTES).toBeGreaterThanOrEqual(256 * 1024 * 1024);
  expect(rows[0]?.mmap_size).toBe(SQLITE_MMAP_BYTES);
});
