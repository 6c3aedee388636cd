import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/** Records a reorder and returns its id (the storefront basket is keyed by it). */
export async function insertReorder(
  db: Db,
  row: { userId: string; superorderId: string; shopUrl: (id: string) => string; now: string },
): Promise<{ id: string; shopUrl: string }> {
  const id = randomUUID();
  const shopUrl = row.shopUrl(id);
  await db
    .insertInto('reorders')
    .values({
      id,
      user_id: row.userId,
      superorder_id: row.superorderId,
      shop_url: shopUrl,
      created_at: row.now,
    })
    .execute();
  return { id, shopUrl };
}
