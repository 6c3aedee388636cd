import { lockForTransaction } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';

/**
 * Recomputes photo count and cover (most recently created photo) of albums whose membership
 * changed, and bumps `updated`. Each is an index range on album_photos. Transactions changing
 * one album take turns here, so the count includes what the one before committed.
 */
export async function refreshAlbumStats(trx: Db, albumIds: readonly string[]): Promise<void> {
  const now = new Date().toISOString();
  for (const albumId of [...new Set(albumIds)].sort()) {
    await lockForTransaction(trx, `album-stats:${albumId}`);
    await trx
      .updateTable('albums')
      .set({
        photos_count: (eb) =>
          eb
            .selectFrom('album_photos')
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('album_id', '=', albumId),
        cover_photo_id: (eb) =>
          eb
            .selectFrom('album_photos')
            .select('photo_id')
            .where('album_id', '=', albumId)
            .orderBy('photo_created', 'desc')
            .orderBy('photo_id', 'desc')
            .limit(1),
        updated: now,
      })
      .where('id', '=', albumId)
      .execute();
  }
}
