import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import { sql } from 'kysely';
import { chunks } from '../../db/chunks.ts';
import { lockForTransaction } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { AlbumsTable, PhotosTable } from '../../db/tables/photos.ts';
import { refreshAlbumStats } from './album-stats-repository.ts';
import type { AlbumRow } from './albums-repository.ts';
import { keysetAfter } from './paging.ts';
import { recordPhotoChanges } from './photo-changes-repository.ts';
import type { PhotoRow } from './photo-presenter.ts';
import { changeMonthCounts } from './photos-repository.ts';
import type { CursorPosition } from './signing.ts';

/**
 * Recently deleted (docs/architecture.md "Recently deleted", migration 0021): deleting moves
 * rows from the live tables into `trashed_*` ones, restoring moves them back, purging deletes
 * them for good. Memberships whose photo or album is deleted wait in `trashed_album_photos`
 * and go back when both are live again, so restoring either side brings the album's photos back.
 */

/** Every column of `photos`, in one list: a row moves between `photos` and `trashed_photos` whole. */
const PHOTO_TABLE_COLUMNS = [
  'id',
  'user_id',
  'upload_id',
  'local_file_name',
  'content_hash',
  'mime_type',
  'byte_size',
  'visible_width',
  'visible_height',
  'thumb_s_w',
  'thumb_s_h',
  'thumb_m_w',
  'thumb_m_h',
  'thumb_l_w',
  'thumb_l_h',
  'date_taken',
  'date_sort',
  'year',
  'month',
  'created',
  'upload_end',
  'card',
] as const satisfies ReadonlyArray<keyof PhotosTable>;

const ALBUM_TABLE_COLUMNS = [
  'id',
  'user_id',
  'name',
  'is_shared',
  'photos_count',
  'cover_photo_id',
  'created',
  'updated',
] as const satisfies ReadonlyArray<keyof AlbumsTable>;

const MEMBERSHIP_COLUMNS = [
  'album_id',
  'photo_id',
  'added_by',
  'photo_created',
  'photo_date_sort',
  'added_at',
] as const;

// A column added to `photos` or `albums` and not listed above would be lost on the way through
// Recently deleted: these fail to compile then.
type Unlisted<Table, Listed> = Exclude<keyof Table, Listed>;
const everyPhotoColumn: Unlisted<PhotosTable, (typeof PHOTO_TABLE_COLUMNS)[number]> extends never
  ? true
  : false = true;
const everyAlbumColumn: Unlisted<AlbumsTable, (typeof ALBUM_TABLE_COLUMNS)[number]> extends never
  ? true
  : false = true;
void everyPhotoColumn;
void everyAlbumColumn;

/**
 * One user's Recently deleted changes one transaction at a time (PostgreSQL; SQLite runs one
 * writer anyway): two restores of the same photo, or a restore racing the purge job, would
 * otherwise both move it. Users are locked in id order, so transactions cannot wait in a circle.
 */
async function lockTrashOf(trx: Db, userIds: Iterable<string>): Promise<void> {
  for (const userId of [...new Set(userIds)].sort())
    await lockForTransaction(trx, `trash:${userId}`);
}

/** A bound text value in a select list (PostgreSQL cannot type a bare parameter there). */
const text = (value: string) => sql`cast(${value} as text)`;

const columnList = (columns: readonly string[], table?: string) =>
  sql.join(columns.map((column) => (table ? sql.ref(`${table}.${column}`) : sql.ref(column))));

/** Photos of the user among `photoIds` (or all) that move to Recently deleted in one delete. */
export async function trashPhotos(
  db: Db,
  userId: string,
  photoIds: readonly string[] | 'all',
  now: Date = new Date(),
): Promise<{ deleted: number; failed: string[]; deletionId: string }> {
  const deletionId = randomUUID();
  const deletedAt = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await lockTrashOf(trx, [userId]);
    let rows: Array<{ id: string; user_id: string; year: number; month: number }> = [];
    if (photoIds === 'all') {
      rows = await trx
        .selectFrom('photos')
        .select(['id', 'user_id', 'year', 'month'])
        .where('user_id', '=', userId)
        .execute();
    } else {
      for (const chunk of chunks([...new Set(photoIds)])) {
        rows.push(
          ...(await trx
            .selectFrom('photos')
            .select(['id', 'user_id', 'year', 'month'])
            .where('user_id', '=', userId)
            .where('id', 'in', chunk)
            .execute()),
        );
      }
    }
    const found = new Set(rows.map((row) => row.id));
    const failed = photoIds === 'all' ? [] : [...new Set(photoIds)].filter((id) => !found.has(id));
    if (rows.length === 0) return { deleted: 0, failed, deletionId };

    const albumIds = new Set<string>();
    for (const chunk of chunks([...found])) {
      await sql`insert into trashed_photos (${columnList(PHOTO_TABLE_COLUMNS)}, deleted_at, deletion_id)
        select ${columnList(PHOTO_TABLE_COLUMNS)}, ${text(deletedAt)}, ${text(deletionId)}
        from photos where id in (${sql.join(chunk)})`.execute(trx);
      const albums = await trx
        .selectFrom('album_photos')
        .select('album_id')
        .distinct()
        .where('photo_id', 'in', chunk)
        .execute();
      for (const album of albums) albumIds.add(album.album_id);
      await sql`insert into trashed_album_photos (${columnList(MEMBERSHIP_COLUMNS)}, album_owner_id, photo_owner_id)
        select ${columnList(MEMBERSHIP_COLUMNS, 'album_photos')}, albums.user_id, ${text(userId)}
        from album_photos inner join albums on albums.id = album_photos.album_id
        where album_photos.photo_id in (${sql.join(chunk)})
        on conflict do nothing`.execute(trx);
      await trx.deleteFrom('album_photos').where('photo_id', 'in', chunk).execute();
      await trx.deleteFrom('photos').where('id', 'in', chunk).execute();
    }
    await changeMonthCounts(trx, rows, -1);
    await refreshAlbumStats(trx, [...albumIds]);
    // Left the library as far as an export is concerned; a restore adds them again.
    await recordPhotoChanges(trx, userId, [...found], 'removed');
    return { deleted: rows.length, failed, deletionId };
  });
}

/**
 * Brings the user's photos back from Recently deleted (picked ids, or every photo of one
 * delete), with their album memberships whose album is live. Answers the ids that were not in
 * the user's Recently deleted.
 */
export async function restorePhotos(
  db: Db,
  userId: string,
  which: { photoIds: readonly string[] } | { deletionId: string },
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await lockTrashOf(trx, [userId]);
    let rows: Array<{ id: string; user_id: string; year: number; month: number }> = [];
    if ('deletionId' in which) {
      rows = await trx
        .selectFrom('trashed_photos')
        .select(['id', 'user_id', 'year', 'month'])
        .where('user_id', '=', userId)
        .where('deletion_id', '=', which.deletionId)
        .execute();
    } else {
      for (const chunk of chunks([...new Set(which.photoIds)])) {
        rows.push(
          ...(await trx
            .selectFrom('trashed_photos')
            .select(['id', 'user_id', 'year', 'month'])
            .where('user_id', '=', userId)
            .where('id', 'in', chunk)
            .execute()),
        );
      }
    }
    const found = new Set(rows.map((row) => row.id));
    const failed =
      'deletionId' in which ? [] : [...new Set(which.photoIds)].filter((id) => !found.has(id));
    const albumIds = new Set<string>();
    for (const chunk of chunks([...found])) {
      await sql`insert into photos (${columnList(PHOTO_TABLE_COLUMNS)})
        select ${columnList(PHOTO_TABLE_COLUMNS)} from trashed_photos
        where id in (${sql.join(chunk)})`.execute(trx);
      await trx.deleteFrom('trashed_photos').where('id', 'in', chunk).execute();
      for (const albumId of await returnMemberships(trx, 'photo_id', chunk)) albumIds.add(albumId);
    }
    await changeMonthCounts(trx, rows, 1);
    await refreshAlbumStats(trx, [...albumIds]);
    await recordPhotoChanges(trx, userId, [...found], 'added');
    return failed;
  });
}

/**
 * Moves the waiting memberships of `ids` (photos or albums) whose photo and album are both live
 * back to `album_photos`; answers the albums that got photos back.
 */
async function returnMemberships(
  trx: Db,
  by: 'photo_id' | 'album_id',
  ids: readonly string[],
): Promise<string[]> {
  const matching = sql`${sql.ref(by)} in (${sql.join([...ids])})
    and exists (select 1 from photos where photos.id = trashed_album_photos.photo_id)
    and exists (select 1 from albums where albums.id = trashed_album_photos.album_id)`;
  const { rows } = await sql<{ album_id: string }>`select distinct album_id
    from trashed_album_photos where ${matching}`.execute(trx);
  if (rows.length === 0) return [];
  // The photo's owner and card go with the membership again (album pages read them there).
  await sql`insert into album_photos (${columnList(MEMBERSHIP_COLUMNS)}, photo_user_id, photo_card)
    select ${columnList(MEMBERSHIP_COLUMNS, 'trashed_album_photos')}, photos.user_id, photos.card
    from trashed_album_photos inner join photos on photos.id = trashed_album_photos.photo_id
    where ${matching}
    on conflict do nothing`.execute(trx);
  await sql`delete from trashed_album_photos where ${matching}`.execute(trx);
  return rows.map((row) => row.album_id);
}

/**
 * Moves an album to Recently deleted with its shares and memberships (the photos stay in their
 * owners' libraries); `deletionId` names the delete.
 */
export async function trashAlbum(
  db: Db,
  album: Pick<AlbumRow, 'id' | 'user_id'>,
  now: Date = new Date(),
): Promise<{ deletionId: string }> {
  const deletionId = randomUUID();
  const deletedAt = now.toISOString();
  const albumId = album.id;
  await db.transaction().execute(async (trx) => {
    await lockTrashOf(trx, [album.user_id]);
    await sql`insert into trashed_albums (${columnList(ALBUM_TABLE_COLUMNS)}, deleted_at, deletion_id)
      select ${columnList(ALBUM_TABLE_COLUMNS)}, ${text(deletedAt)}, ${text(deletionId)}
      from albums where id = ${albumId}`.execute(trx);
    await sql`insert into trashed_album_participants (album_id, user_id, created)
      select album_id, user_id, created from album_participants where album_id = ${albumId}`.execute(
      trx,
    );
    await sql`insert into trashed_album_photos (${columnList(MEMBERSHIP_COLUMNS)}, album_owner_id, photo_owner_id)
      select ${columnList(MEMBERSHIP_COLUMNS, 'album_photos')}, albums.user_id, photos.user_id
      from album_photos
      inner join albums on albums.id = album_photos.album_id
      inner join photos on photos.id = album_photos.photo_id
      where album_photos.album_id = ${albumId}
      on conflict do nothing`.execute(trx);
    await trx.deleteFrom('album_photos').where('album_id', '=', albumId).execute();
    await trx.deleteFrom('album_participants').where('album_id', '=', albumId).execute();
    await trx.deleteFrom('albums').where('id', '=', albumId).execute();
  });
  return { deletionId };
}

/**
 * Brings the user's albums back from Recently deleted with their shares and the memberships of
 * photos that are live (a photo restored later rejoins). Answers the ids that were not there.
 */
export async function restoreAlbums(
  db: Db,
  userId: string,
  albumIds: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(albumIds)];
  return db.transaction().execute(async (trx) => {
    await lockTrashOf(trx, [userId]);
    const found = new Set<string>();
    for (const chunk of chunks(ids)) {
      const rows = await trx
        .selectFrom('trashed_albums')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', 'in', chunk)
        .execute();
      const own = rows.map((row) => row.id);
      if (own.length === 0) continue;
      for (const id of own) found.add(id);
      await sql`insert into albums (${columnList(ALBUM_TABLE_COLUMNS)})
        select ${columnList(ALBUM_TABLE_COLUMNS)} from trashed_albums
        where id in (${sql.join(own)})`.execute(trx);
      await sql`insert into album_participants (album_id, user_id, created)
        select album_id, user_id, created from trashed_album_participants
        where album_id in (${sql.join(own)})`.execute(trx);
      await trx.deleteFrom('trashed_albums').where('id', 'in', own).execute();
      await returnMemberships(trx, 'album_id', own);
    }
    await refreshAlbumStats(trx, [...found]);
    return ids.filter((id) => !found.has(id));
  });
}

/** What a purge took: how many rows, the ids asked for that were not there, hashes to collect. */
export interface Purged {
  deleted: number;
  failed: string[];
  /** Content hashes of the purged photos: the stored bytes go when nothing else uses them. */
  hashes: string[];
}

/**
 * Which rows a purge takes: the user's among `ids` (or all), or up to `limit` of everyone's
 * deleted before a moment (the purge job).
 */
type PurgeSelection =
  { userId: string; ids: readonly string[] | 'all' } | { before: string; limit: number };

/**
 * Picks the rows of `table` a purge deletes, under their owners' locks, so a restore racing the
 * purge either wins (the row stays) or waits. Answers the ids found and the ids asked for that
 * were not in the user's Recently deleted.
 */
async function pickForPurge(
  trx: Db,
  table: 'trashed_photos' | 'trashed_albums',
  which: PurgeSelection,
): Promise<{ found: string[]; failed: string[] }> {
  const query = trx.selectFrom(table).select(['id', 'user_id']);
  const rows: Array<{ id: string }> = [];
  if ('before' in which) {
    const expired = await query
      .where('deleted_at', '<', which.before)
      .orderBy('deleted_at')
      .limit(which.limit)
      .execute();
    await lockTrashOf(
      trx,
      expired.map((row) => row.user_id),
    );
    // Read again under the locks: what was restored meanwhile stays.
    for (const chunk of chunks(expired.map((row) => row.id)))
      rows.push(...(await query.where('id', 'in', chunk).execute()));
    return { found: rows.map((row) => row.id), failed: [] };
  }
  await lockTrashOf(trx, [which.userId]);
  const own = query.where('user_id', '=', which.userId);
  if (which.ids === 'all') return { found: (await own.execute()).map((row) => row.id), failed: [] };
  const asked = [...new Set(which.ids)];
  for (const chunk of chunks(asked)) rows.push(...(await own.where('id', 'in', chunk).execute()));
  const found = new Set(rows.map((row) => row.id));
  return { found: [...found], failed: asked.filter((id) => !found.has(id)) };
}

/**
 * Deletes photos in Recently deleted for good: the user's among `photoIds`, all of the user's,
 * or (`before`) up to `limit` of everyone's deleted before a moment (the purge job, batch by
 * batch). The caller collects the stored bytes of `hashes` after the commit.
 */
export async function purgeTrashedPhotos(
  db: Db,
  which:
    { userId: string; photoIds: readonly string[] | 'all' } | { before: string; limit: number },
): Promise<Purged> {
  return db.transaction().execute(async (trx) => {
    const selection = 'before' in which ? which : { userId: which.userId, ids: which.photoIds };
    const { found, failed } = await pickForPurge(trx, 'trashed_photos', selection);
    const hashes = new Set<string>();
    for (const chunk of chunks(found)) {
      await trx.deleteFrom('trashed_album_photos').where('photo_id', 'in', chunk).execute();
      const deleted = await trx
        .deleteFrom('trashed_photos')
        .where('id', 'in', chunk)
        .returning('content_hash')
        .execute();
      for (const row of deleted) hashes.add(row.content_hash);
    }
    return { deleted: found.length, failed, hashes: [...hashes] };
  });
}

/** Deletes albums in Recently deleted for good (like {@link purgeTrashedPhotos}); photos stay. */
export async function purgeTrashedAlbums(
  db: Db,
  which:
    { userId: string; albumIds: readonly string[] | 'all' } | { before: string; limit: number },
): Promise<{ deleted: number; failed: string[] }> {
  return db.transaction().execute(async (trx) => {
    const selection = 'before' in which ? which : { userId: which.userId, ids: which.albumIds };
    const { found, failed } = await pickForPurge(trx, 'trashed_albums', selection);
    for (const chunk of chunks(found)) {
      await trx.deleteFrom('trashed_album_photos').where('album_id', 'in', chunk).execute();
      // Participants go with the album (ON DELETE CASCADE).
      await trx.deleteFrom('trashed_albums').where('id', 'in', chunk).execute();
    }
    return { deleted: found.length, failed };
  });
}

/** A photo of the Recently deleted page: the card plus its deletion time (the sort value). */
export type TrashedPhotoRow = PhotoRow & { deleted_at: string };

/** One page of the user's Recently deleted photos, newest deletion first (limit + 1 rows). */
export async function listTrashedPhotos(
  db: Db,
  userId: string,
  limit: number,
  after: CursorPosition | null,
): Promise<TrashedPhotoRow[]> {
  return trashedPhotosPageQuery(db, userId, limit, after).execute();
}

/** The query of {@link listTrashedPhotos} (exported for the query plan test). */
export function trashedPhotosPageQuery(
  db: Db,
  userId: string,
  limit: number,
  after: CursorPosition | null,
) {
  let query = db
    .selectFrom('trashed_photos')
    .select(['id', 'user_id', 'card', 'deleted_at'])
    .where('user_id', '=', userId);
  if (after) query = query.where(keysetAfter('deleted_at', 'id', 'desc', after));
  return query
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
}

/**
 * The user's albums in Recently deleted, newest deletion first, each with the count and cover of
 * the photos it would come back with (its members that are not deleted themselves).
 */
export async function listTrashedAlbums(
  db: Db,
  userId: string,
): Promise<Array<AlbumRow & { deleted_at: string }>> {
  const members = (eb: ExpressionBuilder<DatabaseSchema, 'trashed_albums'>) =>
    eb
      .selectFrom('trashed_album_photos')
      .innerJoin('photos', 'photos.id', 'trashed_album_photos.photo_id')
      .whereRef('trashed_album_photos.album_id', '=', 'trashed_albums.id');
  return db
    .selectFrom('trashed_albums')
    .select((eb) => [
      ...ALBUM_TABLE_COLUMNS.filter(
        (column) => column !== 'photos_count' && column !== 'cover_photo_id',
      ).map((column) => `trashed_albums.${column}` as const),
      'trashed_albums.deleted_at',
      members(eb)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('photos_count'),
      members(eb)
        .select('trashed_album_photos.photo_id')
        .orderBy('trashed_album_photos.photo_created', 'desc')
        .orderBy('trashed_album_photos.photo_id', 'desc')
        .limit(1)
        .as('cover_photo_id'),
    ])
    .where('trashed_albums.user_id', '=', userId)
    .orderBy('trashed_albums.deleted_at', 'desc')
    .orderBy('trashed_albums.id', 'desc')
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        ...row,
        photos_count: Number(row.photos_count ?? 0),
        cover_photo_id: row.cover_photo_id ?? null,
      })),
    );
}

/** The stored file of a photo in the viewer's own Recently deleted (its thumbnails stay viewable). */
export async function ownTrashedPhotoFile(
  db: Db,
  viewerId: string,
  photoId: string,
): Promise<{ contentHash: string; localFileName: string; mimeType: string } | undefined> {
  const row = await db
    .selectFrom('trashed_photos')
    .select(['content_hash', 'local_file_name', 'mime_type'])
    .where('id', '=', photoId)
    .where('user_id', '=', viewerId)
    .executeTakeFirst();
  return row
    ? { contentHash: row.content_hash, localFileName: row.local_file_name, mimeType: row.mime_type }
    : undefined;
}
