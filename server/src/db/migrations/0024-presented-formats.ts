import type { Kysely } from 'kysely';

/**
 * The format version of each kind of presented JSON the database keeps (`superorders.list_json`,
 * the photo cards of `photos.card`, `trashed_photos.card` and `album_photos.photo_card`), one
 * row per kind. At start the server compares each with its presenter's version and rebuilds
 * what is older (docs/architecture.md, "Database"), so a change to a presenter no longer needs
 * a migration that clears the column. The values stored when this ran are format 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('presented_formats')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db
    .insertInto('presented_formats' as never)
    .values([
      { name: 'superorders.list_json', version: 1 },
      { name: 'photo-cards', version: 1 },
    ] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('presented_formats').execute();
}
