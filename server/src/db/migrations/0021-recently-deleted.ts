import type { Kysely } from 'kysely';

/**
 * Recently deleted (docs/product.md#recently-deleted, docs/architecture.md "Recently deleted"):
 * a deleted photo or own album moves out of the live tables into these, row for row, with
 * when it was deleted and the id of that delete (Undo restores exactly one delete). Living in
 * tables of their own, deleted rows cost the hot reads (timeline, pages, albums, covers,
 * counts, image access) nothing and no query can show them by forgetting a filter.
 *
 * `trashed_album_photos` holds the memberships whose photo or album is deleted; a membership
 * goes back when both its photo and its album are live again. It names both owners so that
 * deleting either account takes it along (its photo or album may be live or deleted, so it
 * cannot reference either table).
 *
 * `trashed_photos` has every column of `photos` (a later column of `photos` needs one here too;
 * server/test/photo-management/trash.test.ts compares them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trashed_photos')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('upload_id', 'text', (col) => col.notNull())
    .addColumn('local_file_name', 'text', (col) => col.notNull())
    .addColumn('content_hash', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('byte_size', 'bigint', (col) => col.notNull())
    .addColumn('visible_width', 'integer')
    .addColumn('visible_height', 'integer')
    .addColumn('thumb_s_w', 'integer', (col) => col.notNull())
    .addColumn('thumb_s_h', 'integer', (col) => col.notNull())
    .addColumn('thumb_m_w', 'integer', (col) => col.notNull())
    .addColumn('thumb_m_h', 'integer', (col) => col.notNull())
    .addColumn('thumb_l_w', 'integer', (col) => col.notNull())
    .addColumn('thumb_l_h', 'integer', (col) => col.notNull())
    .addColumn('date_taken', 'text')
    .addColumn('date_sort', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('month', 'integer', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('upload_end', 'text', (col) => col.notNull())
    .addColumn('card', 'text')
    .addColumn('deleted_at', 'text', (col) => col.notNull())
    .addColumn('deletion_id', 'text', (col) => col.notNull())
    .execute();
  // The Recently deleted page: newest deletion first, keyset on (deleted_at, id).
  await db.schema
    .createIndex('trashed_photos_user_deleted')
    .on('trashed_photos')
    .columns(['user_id', 'deleted_at', 'id'])
    .execute();
  await db.schema
    .createIndex('trashed_photos_user_deletion')
    .on('trashed_photos')
    .columns(['user_id', 'deletion_id'])
    .execute();
  // The purge job: everything deleted before a cutoff.
  await db.schema
    .createIndex('trashed_photos_deleted')
    .on('trashed_photos')
    .columns(['deleted_at'])
    .execute();
  // Whether stored bytes are still needed (unreferencedHashes).
  await db.schema
    .createIndex('trashed_photos_content_hash')
    .on('trashed_photos')
    .column('content_hash')
    .execute();

  await db.schema
    .createTable('trashed_albums')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('is_shared', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('photos_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cover_photo_id', 'text')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text', (col) => col.notNull())
    .addColumn('deletion_id', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('trashed_albums_user_deleted')
    .on('trashed_albums')
    .columns(['user_id', 'deleted_at', 'id'])
    .execute();
  await db.schema
    .createIndex('trashed_albums_deleted')
    .on('trashed_albums')
    .columns(['deleted_at'])
    .execute();

  await db.schema
    .createTable('trashed_album_participants')
    .addColumn('album_id', 'text', (col) =>
      col.notNull().references('trashed_albums.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('trashed_album_participants_pk', ['album_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('trashed_album_photos')
    .addColumn('album_id', 'text', (col) => col.notNull())
    .addColumn('photo_id', 'text', (col) => col.notNull())
    .addColumn('added_by', 'text', (col) => col.notNull())
    .addColumn('photo_created', 'text', (col) => col.notNull())
    .addColumn('photo_date_sort', 'text', (col) => col.notNull())
    .addColumn('added_at', 'text', (col) => col.notNull())
    .addColumn('album_owner_id', 'text', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('photo_owner_id', 'text', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('trashed_album_photos_pk', ['album_id', 'photo_id'])
    .execute();
  await db.schema
    .createIndex('trashed_album_photos_photo')
    .on('trashed_album_photos')
    .column('photo_id')
    .execute();
  // ON DELETE CASCADE of either owner looks memberships up by that column.
  await db.schema
    .createIndex('trashed_album_photos_album_owner')
    .on('trashed_album_photos')
    .column('album_owner_id')
    .execute();
  await db.schema
    .createIndex('trashed_album_photos_photo_owner')
    .on('trashed_album_photos')
    .column('photo_owner_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'trashed_album_photos',
    'trashed_album_participants',
    'trashed_albums',
    'trashed_photos',
  ])
    await db.schema.dropTable(table).execute();
}
