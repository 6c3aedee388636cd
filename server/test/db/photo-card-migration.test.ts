import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseSchema } from '../../src/db/schema.ts';
import type { AlbumPhotosTable, AlbumsTable, PhotosTable } from '../../src/db/tables/photos.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { photoCard } from '../../src/modules/photo-management/photo-card.ts';

// Migration 0003 keeps its own frozen copy of the card format (a migration imports no live
// module code); today's `photoCard` must still read the cards it backfilled the same way.
const opened: Kysely<unknown>[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

/** An empty in-memory database and a migrator over every migration, to step through them. */
function openWithMigrations() {
  const db = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: new Database(':memory:') }),
  });
  opened.push(db as Kysely<unknown>);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  return { db, migrator };
}

/** The photos' owner, as the users table of every migration here takes it. */
const owner = {
  id: 'u1',
  email: 'a@example.com',
  password_hash: 'x',
  idp_type: 'local',
  idp_sub: 'u1',
  authentication_method: 'password',
  activation_status: 'Active',
};

const photo: Omit<PhotosTable, 'card'> = {
  id: 'p1',
  user_id: 'u1',
  upload_id: 'up1',
  local_file_name: 'Beach "day" \u202e.jpg',
  content_hash: 'a'.repeat(64),
  mime_type: 'image/jpeg',
  byte_size: 1234,
  visible_width: 4000,
  visible_height: 3000,
  thumb_s_w: 300,
  thumb_s_h: 225,
  thumb_m_w: 800,
  thumb_m_h: 600,
  thumb_l_w: 1300,
  thumb_l_h: 975,
  date_taken: '2024-05-01T10:00:00.000Z',
  date_sort: '2024-05-01T10:00:00.000Z',
  year: 2024,
  month: 5,
  created: '2024-05-02T08:00:00.000Z',
  upload_end: '2024-05-02T08:00:01.000Z',
};

describe('migration 0003 (photo cards)', () => {
  it.each([
    ['with a date and visible size', photo],
    ['without them', { ...photo, date_taken: null, visible_width: null, visible_height: null }],
  ])('backfills the card photoCard writes, %s', async (_name, row) => {
    const { db, migrator } = openWithMigrations();
    expect((await migrator.migrateTo('0002-photos')).error).toBeUndefined();
    const before = db as unknown as Kysely<{
      users: Record<string, string>;
      photos: Omit<PhotosTable, 'card'>;
    }>;
    await before.insertInto('users').values(owner).execute();
    await before.insertInto('photos').values(row).execute();
    expect((await migrator.migrateTo('0003-photo-cards')).error).toBeUndefined();
    const { card } = await db.selectFrom('photos').select('card').executeTakeFirstOrThrow();
    expect(card).toBe(photoCard(row));
  });
});

describe('migration 0023 (album photo cards)', () => {
  it('copies each member photo’s owner and card into its memberships', async () => {
    const { db, migrator } = openWithMigrations();
    expect((await migrator.migrateTo('0021-recently-deleted')).error).toBeUndefined();
    const before = db as unknown as Kysely<{
      users: Record<string, string>;
      photos: PhotosTable;
      albums: AlbumsTable;
      album_photos: Omit<AlbumPhotosTable, 'photo_user_id' | 'photo_card'>;
    }>;
    await before.insertInto('users').values(owner).execute();
    const card = photoCard(photo);
    await before
      .insertInto('photos')
      .values({ ...photo, card })
      .execute();
    const when = '2024-06-01T00:00:00.000Z';
    await before
      .insertInto('albums')
      .values({
        id: 'a1',
        user_id: 'u1',
        name: 'Trip',
        is_shared: 0,
        photos_count: 1,
        cover_photo_id: 'p1',
        created: when,
        updated: when,
      })
      .execute();
    await before
      .insertInto('album_photos')
      .values({
        album_id: 'a1',
        photo_id: 'p1',
        added_by: 'u1',
        photo_created: photo.created,
        photo_date_sort: photo.date_sort,
        added_at: when,
      })
      .execute();
    expect((await migrator.migrateTo('0023-album-photo-cards')).error).toBeUndefined();
    expect(
      await db
        .selectFrom('album_photos')
        .select(['photo_user_id', 'photo_card'])
        .executeTakeFirstOrThrow(),
    ).toEqual({ photo_user_id: 'u1', photo_card: card });
  });
});
