import type { Db } from '../../db/database.ts';
import type { DownloadsTable } from '../../db/tables/photos.ts';

/** The caller's most recent download jobs, newest first. */
export function listDownloads(db: Db, userId: string, limit: number): Promise<DownloadsTable[]> {
  return db
    .selectFrom('downloads')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created', 'desc')
    .limit(limit)
    .execute();
}

/** Id and status of one download of `userId` (undefined when it is not theirs). */
export function findDownloadStatus(
  db: Db,
  userId: string,
  downloadId: string,
): Promise<Pick<DownloadsTable, 'id' | 'status'> | undefined> {
  return db
    .selectFrom('downloads')
    .select(['id', 'status'])
    .where('id', '=', downloadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertDownload(db: Db, row: DownloadsTable): Promise<void> {
  await db.insertInto('downloads').values(row).execute();
}

/** Records how a job ended: its archive is ready, or it failed with `error`. */
export async function finishDownload(
  db: Db,
  downloadId: string,
  outcome: { status: 'ready' } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .updateTable('downloads')
    .set({
      status: outcome.status,
      finished_at: new Date().toISOString(),
      ...(outcome.status === 'failed' ? { error: outcome.error } : {}),
    })
    .where('id', '=', downloadId)
    .execute();
}

/** Jobs still pending when the process stopped never finish: marks them failed. */
export async function failPendingDownloads(db: Db): Promise<void> {
  await db
    .updateTable('downloads')
    .set({ status: 'failed', error: 'interrupted', finished_at: new Date().toISOString() })
    .where('status', '=', 'pending')
    .execute();
}

/** Ids of the jobs (ready or failed) that finished at or before `cutoff`. */
export async function downloadsFinishedBefore(db: Db, cutoff: string): Promise<string[]> {
  const rows = await db
    .selectFrom('downloads')
    .select('id')
    .where('status', 'in', ['ready', 'failed'])
    .where('finished_at', '<=', cutoff)
    .execute();
  return rows.map((row) => row.id);
}

export async function markDownloadsExpired(db: Db, downloadIds: readonly string[]): Promise<void> {
  if (downloadIds.length === 0) return;
  await db
    .updateTable('downloads')
    .set({ status: 'expired' })
    .where('id', 'in', [...downloadIds])
    .execute();
}
