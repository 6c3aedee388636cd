import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { photoCard } from '../../modules/photo-management/photo-card.ts';
import type { PhotosTable } from '../tables/photos.ts';

/**
 * Precomputed photo JSON ("card"): every immutable field of a photo response, with a marker
 * where the viewer's signed URL prefix goes, so a page of 500 photos is string joins instead
 * of 500 object builds + a JSON.stringify. Backfills rows written before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('card', 'text').execute();
  const typed = db as unknown as Kysely<{ photos: PhotosTable }>;
  const rows = await typed
    .selectFrom('photos')
    .selectAll()
    .where(sql.ref('card'), 'is', null)
    .execute();
  for (const row of rows) {
    await typed
      .updateTable('photos')
      .set({ card: photoCard(row) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').dropColumn('card').execute();
}
