import type { Db } from '../src/db/database.ts';
import { demoUserId } from '../src/seed/users.ts';

/**
 * What the photo benchmarks ask for on the bulk seed (the same on every database: one
 * pseudo-random sequence): the demo user's album and its fullest month.
 */
export async function benchPhotoTargets(
  db: Db,
): Promise<{ albumId: string; month: { year: number; month: number } }> {
  const userId = demoUserId('demo');
  const album = await db
    .selectFrom('albums')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const month = await db
    .selectFrom('photo_month_counts')
    .select(['year', 'month'])
    .where('user_id', '=', userId)
    .orderBy('count', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { albumId: album.id, month };
}
