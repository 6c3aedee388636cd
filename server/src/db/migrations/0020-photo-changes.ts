import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The change log behind `GET /photos/changes` (the desktop export keeps a folder in step with
 * it): one row per photo that entered (`added`) or left (`removed`) a user's library, numbered
 * per user. Every photo already stored gets an `added` row, in upload order, so a first sync
 * after this migration sees the whole library.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('photo_changes')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('photo_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('photo_changes_pk', ['user_id', 'seq'])
    .execute();
  await sql`
    INSERT INTO photo_changes (user_id, seq, photo_id, kind)
    SELECT user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY created, id), id, 'added'
    FROM photos`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photo_changes').execute();
}
