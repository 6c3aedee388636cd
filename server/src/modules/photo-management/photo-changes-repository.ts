import { chunks } from '../../db/chunks.ts';
import { lockForTransaction } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';

/** What happened to a photo in its owner's library. */
export type PhotoChangeKind = 'added' | 'removed';

/**
 * Writes one change row per photo for the change feed (`GET /photos/changes`). Call it in the
 * transaction that adds or removes the photos, wherever that happens (upload, import, delete,
 * moving to and from Recently deleted), so the feed and the library never disagree. Numbers
 * are taken under a per-user lock (PostgreSQL; SQLite writes one transaction at a time):
 * transactions of one user commit in number order, so a reader that saw number n has seen
 * every number below it.
 */
export async function recordPhotoChanges(
  trx: Db,
  userId: string,
  photoIds: readonly string[],
  kind: PhotoChangeKind,
): Promise<void> {
  if (photoIds.length === 0) return;
  await lockForTransaction(trx, `photo-changes:${userId}`);
  const last = await trx
    .selectFrom('photo_changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  let seq = Number(last?.seq ?? 0);
  for (const chunk of chunks(photoIds)) {
    await trx
      .insertInto('photo_changes')
      .values(
        chunk.map((photoId) => ({ user_id: userId, seq: (seq += 1), photo_id: photoId, kind })),
      )
      .execute();
  }
}

/** A photo of the feed's `added` list, before its URL is signed. */
export interface AddedPhotoRow {
  id: string;
  local_file_name: string;
  mime_type: string;
  byte_size: number | string;
  content_hash: string;
  date_taken: string | null;
  created: string;
}

export interface PhotoChangesPage {
  added: AddedPhotoRow[];
  removed: string[];
  /** The last change number this page covers (the `after` of the next call). */
  last: number;
  hasMore: boolean;
}

/**
 * The user's changes after number `after`, at most `limit` of them, folded per photo: a photo
 * added and then removed within the page is only `removed`, removed and then added again (a
 * restore) only `added`, if it is still the user's. Applying the pages in order leaves the same
 * set of photos as the library.
 */
export async function readPhotoChanges(
  db: Db,
  userId: string,
  after: number,
  limit: number,
): Promise<PhotoChangesPage> {
  const rows = await db
    .selectFrom('photo_changes')
    .select(['seq', 'photo_id', 'kind'])
    .where('user_id', '=', userId)
    .where('seq', '>', after)
    .orderBy('seq', 'asc')
    .limit(limit + 1)
    .execute();
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const finalKind = new Map<string, PhotoChangeKind>();
  for (const row of page) {
    finalKind.delete(row.photo_id); // keeps the map in order of each photo's last change
    finalKind.set(row.photo_id, row.kind);
  }
  const addedIds = [...finalKind].filter(([, kind]) => kind === 'added').map(([id]) => id);
  const removed = [...finalKind].filter(([, kind]) => kind === 'removed').map(([id]) => id);
  const byId = new Map<string, AddedPhotoRow>();
  for (const chunk of chunks(addedIds)) {
    const photos = await db
      .selectFrom('photos')
      .select([
        'id',
        'local_file_name',
        'mime_type',
        'byte_size',
        'content_hash',
        'date_taken',
        'created',
      ])
      .where('user_id', '=', userId)
      .where('id', 'in', chunk)
      .execute();
    for (const photo of photos) byId.set(photo.id, photo);
  }
  return {
    // Gone since (a later change of a later page says so): nothing to add.
    added: addedIds.flatMap((id) => byId.get(id) ?? []),
    removed,
    last: page.length ? Number(page.at(-1)!.seq) : after,
    hasMore,
  };
}
