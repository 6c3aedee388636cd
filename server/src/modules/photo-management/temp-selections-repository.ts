import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/** Stores a selection of photo ids for the print editor; returns its id. */
export async function insertTempSelection(
  db: Db,
  userId: string,
  photoIds: readonly string[],
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('temp_selections')
    .values({
      id,
      user_id: userId,
      photo_ids: JSON.stringify(photoIds),
      created: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** The photo ids of one of the user's selections (undefined when it is not theirs). */
export async function findTempSelection(
  db: Db,
  userId: string,
  selectionId: string,
): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('temp_selections')
    .select('photo_ids')
    .where('id', '=', selectionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.photo_ids) as string[]) : undefined;
}
