import { chunks } from '../../db/chunks.ts';
import type { Db } from '../../db/database.ts';
import type { UploadsTable } from '../../db/tables/storage.ts';

/** Every query of the storage module (docs/architecture.md, "The reference server": API modules). */

export async function insertUpload(db: Db, row: UploadsTable): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
}

/** The upload if it is `userId`'s; another user's upload is as unknown as a missing one. */
export function findOwnUpload(
  db: Db,
  userId: string,
  uploadId: string,
): Promise<UploadsTable | undefined> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', uploadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findUpload(db: Db, uploadId: string): Promise<UploadsTable | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', uploadId).executeTakeFirst();
}

/** The user's uploads among `uploadIds`, in the order asked. */
export async function findOwnUploads(
  db: Db,
  userId: string,
  uploadIds: readonly string[],
): Promise<UploadsTable[]> {
  const byId = new Map<string, UploadsTable>();
  for (const chunk of chunks([...new Set(uploadIds)])) {
    const rows = await db
      .selectFrom('uploads')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) byId.set(row.id, row);
  }
  return uploadIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    byId.delete(id);
    return [row];
  });
}

/**
 * Moves an upload from `from` to its next state; false when it was not in `from` (another
 * request got there first), so only one request ever processes a finished upload.
 */
export async function updateUploadStatus(
  db: Db,
  uploadId: string,
  from: ReadonlyArray<UploadsTable['status']>,
  change: Pick<UploadsTable, 'status'> &
    Partial<Pick<UploadsTable, 'photo_id' | 'error' | 'finished'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set(change)
    .where('id', '=', uploadId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUpload(db: Db, uploadId: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', uploadId).execute();
}

/** Partial uploads created before `cutoff` (ISO): abandoned, to be removed with their bytes. */
export async function expiredUploadIds(db: Db, cutoff: string): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('status', '=', 'uploading')
    .where('created', '<', cutoff)
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteUploads(db: Db, uploadIds: readonly string[]): Promise<void> {
  for (const chunk of chunks(uploadIds))
    await db.deleteFrom('uploads').where('id', 'in', chunk).execute();
}

/** Which of `uploadIds` have a row (the rest are files nobody owns any more). */
export async function knownUploadIds(db: Db, uploadIds: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const chunk of chunks(uploadIds)) {
    const rows = await db.selectFrom('uploads').select('id').where('id', 'in', chunk).execute();
    for (const row of rows) known.add(row.id);
  }
  return known;
}

/** Uploads whose check was under way when the process stopped. */
export function processingUploads(db: Db): Promise<UploadsTable[]> {
  return db.selectFrom('uploads').selectAll().where('status', '=', 'processing').execute();
}
