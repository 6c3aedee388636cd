import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Each album membership carries its photo's owner and card, copied from `photos` as
 * `photo_created` and `photo_date_sort` already are (photos never change after upload), so an
 * album page reads `album_photos` alone, like the photo list reads `photos` alone. Joined, each
 * of the page's photos cost a search of the photos' primary-key index before the row itself:
 * about half again the list's database time (docs/architecture.md, "Database").
 * Backfills the memberships stored before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('album_photos').addColumn('photo_user_id', 'text').execute();
  await db.schema.alterTable('album_photos').addColumn('photo_card', 'text').execute();
  await sql`
    UPDATE album_photos SET
      photo_user_id = (SELECT user_id FROM photos WHERE photos.id = album_photos.photo_id),
      photo_card = (SELECT card FROM photos WHERE photos.id = album_photos.photo_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('album_photos').dropColumn('photo_card').execute();
  await db.schema.alterTable('album_photos').dropColumn('photo_user_id').execute();
}
