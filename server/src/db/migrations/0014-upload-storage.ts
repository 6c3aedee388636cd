import type { Kysely } from 'kysely';

/**
 * The storage API (docs/product.md#apis): one row per resumable upload, from its creation to
 * its outcome (the photo it became, the photo it duplicated, or why it was refused), and the
 * index that finds a user's photo by its bytes' SHA-256, so the same bytes are never stored
 * twice for one user (docs/product.md#upload).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('file_type', 'text')
    .addColumn('checksum', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('album_id', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('photo_id', 'text', (col) => col.references('photos.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('finished', 'text')
    .execute();
  await db.schema
    .createIndex('uploads_user_created')
    .on('uploads')
    .columns(['user_id', 'created'])
    .execute();
  await db.schema
    .createIndex('uploads_status_created')
    .on('uploads')
    .columns(['status', 'created'])
    .execute();
  await db.schema.createIndex('uploads_photo').on('uploads').column('photo_id').execute();
  await db.schema
    .createIndex('photos_user_hash')
    .on('photos')
    .columns(['user_id', 'content_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photos_user_hash').execute();
  await db.schema.dropTable('uploads').execute();
}
