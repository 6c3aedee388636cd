import type { Kysely } from 'kysely';

/**
 * Thumbnails are made after an upload is answered, by a background queue
 * (`storage/thumbnail-jobs.ts`): one row per stored content whose thumbnails are still to be
 * made, written with the photo and removed once they exist, so a restart finds the work a
 * stopped process left.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('thumbnail_jobs')
    .addColumn('content_hash', 'text', (col) => col.primaryKey())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('thumbnail_jobs').execute();
}
