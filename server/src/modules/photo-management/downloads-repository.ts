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

/**
 * Claims a pending download for attempt `attempt` of its job on instance `worker`; returns
 * the row as it was (undefined when it is gone). A later attempt takes over from an earlier
 * one, whose outcome is then ignored ({@link finishDownload}).
 */
export async function claimDownload(
  db: Db,
  downloadId: string,
  worker: string,
  attempt: number,
): Promise<Pick<DownloadsTable, 'status' | 'attempts'> | undefined> {
  const row = await db
    .selectFrom('downloads')
    .select(['status', 'attempts'])
    .where('id', '=', downloadId)
    .executeTakeFirst();
  if (!row || row.status !== 'pending') return row;
  await db
    .updateTable('downloads')
    .set({ worker, attempts: attempt })
    .where('id', '=', downloadId)
    .where('status', '=', 'pending')
    .execute();
  return row;
}

/**
 * Records how a job ended: its archive is ready, or it failed with `error`. With `attempt`,
 * only while that attempt is still the download's latest one (a retry may have taken over);
 * returns whether it was recorded.
 */
export async function finishDownload(
  db: Db,
  downloadId: string,
  outcome: { status: 'ready' } | { status: 'failed'; error: string },
  attempt?: number,
): Promise<boolean> {
  let update = db
    .updateTable('downloads')
    .set({
      status: outcome.status,
      finished_at: new Date().toISOString(),
      worker: null,
      ...(outcome.status === 'failed' ? { error: outcome.error } : {}),
    })
    .where('id', '=', downloadId)
    .where('status', '=', 'pending');
  if (attempt !== undefined) update = update.where('attempts', '=', attempt);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets which instance writes the archive (its attempt failed and waits for a retry). */
export async function releaseDownload(db: Db, downloadId: string, attempt: number): Promise<void> {
  await db
    .updateTable('downloads')
    .set({ worker: null })
    .where('id', '=', downloadId)
    .where('attempts', '=', attempt)
    .execute();
}

/**
 * Jobs still pending when the process stopped never finish (the in-process queue died with
 * it): marks them failed. Not on PostgreSQL, where the job queue retries them.
 */
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
