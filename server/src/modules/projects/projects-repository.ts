import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SavedProjectsTable } from '../../db/tables/projects.ts';

export type SavedProjectRow = Selectable<SavedProjectsTable>;

/** A page of the user's saved projects, most recently changed first, and their count. */
export async function listSavedProjects(
  db: Db,
  userId: string,
  page: { skip: number; limit: number },
): Promise<{ total: number; rows: SavedProjectRow[] }> {
  const base = db.selectFrom('saved_projects').where('user_id', '=', userId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.skip)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** Deletes one of the user's projects; false when it is unknown or someone else's. */
export async function deleteSavedProject(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_projects')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
