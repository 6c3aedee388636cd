import type { Db } from '../../db/database.ts';
import type { LegacyPhotosTable, PhotosTable } from '../../db/tables/photos.ts';
import type { ActivationStatus } from '../../db/tables/users.ts';
import { insertPhotos } from './photos-repository.ts';

/** The user's activation status (docs/product.md#states), or undefined for an unknown user. */
export async function findActivationStatus(
  db: Db,
  userId: string,
): Promise<ActivationStatus | undefined> {
  const user = await db
    .selectFrom('users')
    .select('activation_status')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.activation_status;
}

/** How many photos (from the month counts) and own albums the user has. */
export async function photoUserCounts(
  db: Db,
  userId: string,
): Promise<{ photosCount: number; albumsCount: number }> {
  const [photos, albums] = await Promise.all([
    db
      .selectFrom('photo_month_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('albums')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { photosCount: Number(photos.n), albumsCount: Number(albums.n) };
}

/** Ids of the users whose legacy import is under way. */
export async function importingUserIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('activation_status', '=', 'IMPORTING')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * NOT_ACTIVE → IMPORTING in one conditional UPDATE, so two concurrent calls cannot both start
 * an import; true when this call made the change.
 */
export async function beginImport(db: Db, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ activation_status: 'IMPORTING' })
    .where('id', '=', userId)
    .where('activation_status', '=', 'NOT_ACTIVE')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setActivationStatus(
  db: Db,
  userId: string,
  status: ActivationStatus,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ activation_status: status })
    .where('id', '=', userId)
    .execute();
}

/** The user's legacy photos still to import, oldest first. */
export function legacyPhotos(db: Db, userId: string): Promise<LegacyPhotosTable[]> {
  return db
    .selectFrom('legacy_photos')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created')
    .execute();
}

/** One imported legacy photo: its photo row in, its legacy row out, in one transaction. */
export async function replaceLegacyPhoto(
  db: Db,
  legacyId: string,
  photo: PhotosTable,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertPhotos(trx, [photo]);
    await trx.deleteFrom('legacy_photos').where('id', '=', legacyId).execute();
  });
}

/** A legacy photo whose bytes the user already has as a photo: nothing to import, row out. */
export async function dropLegacyPhoto(db: Db, legacyId: string): Promise<void> {
  await db.deleteFrom('legacy_photos').where('id', '=', legacyId).execute();
}
