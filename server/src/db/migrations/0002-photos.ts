import type { Kysely } from 'kysely';

/**
 * Photo management. Every list the API pages through is one index range:
 * timeline summary → photo_month_counts PK; month page → photos_user_month_*; all photos →
 * photos_user_*; album page → album_photos_album_*. Ids break ties so keyset cursors are total.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('photos')
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
    .execute();
  await db.schema
    .createIndex('photos_user_date')
    .on('photos')
    .columns(['user_id', 'date_sort', 'id'])
    .execute();
  await db.schema
    .createIndex('photos_user_created')
    .on('photos')
    .columns(['user_id', 'created', 'id'])
    .execute();
  await db.schema
    .createIndex('photos_user_month_date')
    .on('photos')
    .columns(['user_id', 'year', 'month', 'date_sort', 'id'])
    .execute();
  await db.schema
    .createIndex('photos_user_month_created')
    .on('photos')
    .columns(['user_id', 'year', 'month', 'created', 'id'])
    .execute();
  await db.schema.createIndex('photos_content_hash').on('photos').column('content_hash').execute();

  await db.schema
    .createTable('photo_month_counts')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('month', 'integer', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('photo_month_counts_pk', ['user_id', 'year', 'month'])
    .execute();

  await db.schema
    .createTable('albums')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('is_shared', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('photos_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cover_photo_id', 'text')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('albums_user_created')
    .on('albums')
    .columns(['user_id', 'created', 'id'])
    .execute();

  await db.schema
    .createTable('album_participants')
    .addColumn('album_id', 'text', (col) =>
      col.notNull().references('albums.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('album_participants_pk', ['album_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('album_participants_user')
    .on('album_participants')
    .columns(['user_id', 'album_id'])
    .execute();

  await db.schema
    .createTable('album_photos')
    .addColumn('album_id', 'text', (col) =>
      col.notNull().references('albums.id').onDelete('cascade'),
    )
    .addColumn('photo_id', 'text', (col) =>
      col.notNull().references('photos.id').onDelete('cascade'),
    )
    .addColumn('added_by', 'text', (col) => col.notNull())
    .addColumn('photo_created', 'text', (col) => col.notNull())
    .addColumn('photo_date_sort', 'text', (col) => col.notNull())
    .addColumn('added_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('album_photos_pk', ['album_id', 'photo_id'])
    .execute();
  await db.schema
    .createIndex('album_photos_album_created')
    .on('album_photos')
    .columns(['album_id', 'photo_created', 'photo_id'])
    .execute();
  await db.schema
    .createIndex('album_photos_album_date')
    .on('album_photos')
    .columns(['album_id', 'photo_date_sort', 'photo_id'])
    .execute();
  await db.schema.createIndex('album_photos_photo').on('album_photos').column('photo_id').execute();

  await db.schema
    .createTable('downloads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('photo_ids', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('downloads_user_created')
    .on('downloads')
    .columns(['user_id', 'created'])
    .execute();
  await db.schema
    .createIndex('downloads_status_finished')
    .on('downloads')
    .columns(['status', 'finished_at'])
    .execute();

  await db.schema
    .createTable('temp_selections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('photo_ids', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('legacy_photos')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('local_file_name', 'text', (col) => col.notNull())
    .addColumn('content_hash', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('legacy_photos_user').on('legacy_photos').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'legacy_photos',
    'temp_selections',
    'downloads',
    'album_photos',
    'album_participants',
    'albums',
    'photo_month_counts',
    'photos',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
