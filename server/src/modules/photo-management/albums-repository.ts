import { randomUUID } from 'node:crypto';
import type { SortKey } from '@photo/core/api/schemas/paging';
import { sql } from 'kysely';
import { chunks } from '../../db/chunks.ts';
import type { Db } from '../../db/database.ts';
import { preparedRead } from '../../db/prepared-reads.ts';
import type { AlbumsTable } from '../../db/tables/photos.ts';
import { refreshAlbumStats } from './album-stats-repository.ts';
import type { CursorPosition } from './signing.ts';
import type { PageSpec, SortedRow } from './paging.ts';
import { keysetAfter } from './paging.ts';
import type { PhotoRow } from './photo-presenter.ts';
import { PHOTO_COLUMNS } from './photo-presenter.ts';
import type { PhotoFile } from './photos-repository.ts';
import { ownPhotoIds, toPhotoFile } from './photos-repository.ts';

export type AlbumRow = AlbumsTable;

/** How the caller relates to an album: owner, participant of a shared album, or nothing. */
export type AlbumAccess = { album: AlbumRow; role: 'owner' | 'participant' };

export async function findAlbumAccess(
  db: Db,
  userId: string,
  albumId: string,
): Promise<AlbumAccess | undefined> {
  const [album] = await preparedRead(db, 'album-by-id', [albumId], () =>
    db.selectFrom('albums').selectAll().where('id', '=', albumId),
  );
  if (!album) return undefined;
  if (album.user_id === userId) return { album, role: 'owner' };
  if (album.is_shared !== 1) return undefined;
  // A participant's every shared-album page asks this too: prepared like the album itself.
  const [participant] = await preparedRead(db, 'album-participant', [albumId, userId], () =>
    db
      .selectFrom('album_participants')
      .select('album_id')
      .where('album_id', '=', albumId)
      .where('user_id', '=', userId),
  );
  return participant ? { album, role: 'participant' } : undefined;
}

const albumSortColumn = (key: SortKey) =>
  key === 'created' ? 'album_photos.photo_created' : 'album_photos.photo_date_sort';

/** A photo row plus the value of the page's sort column. */
export type AlbumPhotoRow = PhotoRow & SortedRow;

/**
 * {@link PHOTO_COLUMNS} as a membership carries them: an album page reads `album_photos` alone.
 * Joining `photos` cost a search of its primary-key index per photo before the row, about half
 * again the photo list's database time on a 500-photo page (docs/architecture.md, "Database").
 */
const ALBUM_PHOTO_COLUMNS = [
  'album_photos.photo_id as id',
  'album_photos.photo_user_id as user_id',
  'album_photos.photo_card as card',
] as const;

/** One page of an album's photos (limit + 1 rows), driven by the album_photos index. */
export async function listAlbumPhotos(
  db: Db,
  albumId: string,
  spec: PageSpec,
): Promise<AlbumPhotoRow[]> {
  const params: unknown[] = spec.after
    ? [albumId, spec.after[0], spec.after[1], spec.limit + 1]
    : [albumId, spec.limit + 1];
  const shape = `album-photos|${spec.sortKey}|${spec.sortOrder}|${spec.after ? 'after' : 'first'}`;
  return preparedRead(db, shape, params, () => albumPhotosPageQuery(db, albumId, spec));
}

/** The query of {@link listAlbumPhotos} (exported for the EXPLAIN QUERY PLAN test). */
export function albumPhotosPageQuery(db: Db, albumId: string, spec: PageSpec) {
  const sortColumn = albumSortColumn(spec.sortKey);
  let query = db
    .selectFrom('album_photos')
    .select([
      ...ALBUM_PHOTO_COLUMNS,
      spec.sortKey === 'created'
        ? 'album_photos.photo_created as sort_value'
        : 'album_photos.photo_date_sort as sort_value',
    ])
    .where('album_photos.album_id', '=', albumId);
  if (spec.after)
    query = query.where(
      keysetAfter(sortColumn, 'album_photos.photo_id', spec.sortOrder, spec.after),
    );
  return query
    .orderBy(sortColumn, spec.sortOrder)
    .orderBy('album_photos.photo_id', spec.sortOrder)
    .limit(spec.limit + 1);
}

export const albumPosition = (album: AlbumRow): CursorPosition => [album.created, album.id];

/**
 * Albums newest first: the user's own, plus (with `includeReadable`) shared albums they
 * participate in; `sharedOnly` keeps shared albums only (the shared-albums list).
 */
export async function listAlbums(
  db: Db,
  userId: string,
  options: {
    includeReadable: boolean;
    sharedOnly: boolean;
    limit: number;
    after: CursorPosition | null;
  },
): Promise<AlbumRow[]> {
  let query = db.selectFrom('albums').selectAll();
  query = query.where((eb) => {
    const own = eb('albums.user_id', '=', userId);
    if (!options.includeReadable) return own;
    return eb.or([
      own,
      eb(
        'albums.id',
        'in',
        eb
          .selectFrom('album_participants')
          .select('album_participants.album_id')
          .where('album_participants.user_id', '=', userId),
      ),
    ]);
  });
  if (options.sharedOnly) query = query.where('albums.is_shared', '=', 1);
  if (options.after)
    query = query.where(keysetAfter('albums.created', 'albums.id', 'desc', options.after));
  return query
    .orderBy('albums.created', 'desc')
    .orderBy('albums.id', 'desc')
    .limit(options.limit + 1)
    .execute();
}

/** Cover photos of a page of albums in one query. */
export async function coverRows(
  db: Db,
  albums: readonly AlbumRow[],
): Promise<Map<string, PhotoRow>> {
  const ids = albums.map((album) => album.cover_photo_id).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('photos').select(PHOTO_COLUMNS).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export interface Member {
  id: string;
  email: string;
}

/** Owner and participants of a page of albums in two queries. */
export async function albumMembers(
  db: Db,
  albums: readonly AlbumRow[],
): Promise<{ owners: Map<string, Member>; participants: Map<string, Member[]> }> {
  const owners = new Map<string, Member>();
  const participants = new Map<string, Member[]>();
  if (albums.length === 0) return { owners, participants };
  const ownerRows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', [...new Set(albums.map((album) => album.user_id))])
    .execute();
  for (const row of ownerRows) owners.set(row.id, row);
  const participantRows = await db
    .selectFrom('album_participants')
    .innerJoin('users', 'users.id', 'album_participants.user_id')
    .select(['album_participants.album_id', 'users.id', 'users.email'])
    .where(
      'album_participants.album_id',
      'in',
      albums.map((album) => album.id),
    )
    .orderBy('album_participants.created')
    .execute();
  for (const row of participantRows) {
    const list = participants.get(row.album_id) ?? [];
    list.push({ id: row.id, email: row.email });
    participants.set(row.album_id, list);
  }
  return { owners, participants };
}

/** Creates an empty, unshared album of the user; returns its id. */
export async function createAlbum(
  db: Db,
  userId: string,
  name: string,
  albumId: string = randomUUID(),
): Promise<string> {
  const now = new Date().toISOString();
  await db
    .insertInto('albums')
    .values({
      id: albumId,
      user_id: userId,
      name,
      is_shared: 0,
      photos_count: 0,
      cover_photo_id: null,
      created: now,
      updated: now,
    })
    .execute();
  return albumId;
}

export async function renameAlbum(
  db: Db,
  albumId: string,
  name: string,
  updated: string,
): Promise<void> {
  await db.updateTable('albums').set({ name, updated }).where('id', '=', albumId).execute();
}

/** A participant leaves a shared album: the photos they added leave it with them. */
export async function leaveSharedAlbum(db: Db, albumId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('album_photos')
      .where('album_id', '=', albumId)
      .where('added_by', '=', userId)
      .execute();
    await trx
      .deleteFrom('album_participants')
      .where('album_id', '=', albumId)
      .where('user_id', '=', userId)
      .execute();
    await refreshAlbumStats(trx, [albumId]);
  });
}

/** Adds photos (already checked to be addable) to an album; existing members are kept. */
export async function addAlbumPhotos(
  trx: Db,
  albumId: string,
  addedBy: string,
  photoIds: readonly string[],
): Promise<void> {
  const now = new Date().toISOString();
  for (const chunk of chunks(photoIds)) {
    await trx
      .insertInto('album_photos')
      .columns([
        'album_id',
        'photo_id',
        'added_by',
        'photo_created',
        'photo_date_sort',
        'added_at',
        'photo_user_id',
        'photo_card',
      ])
      .expression((eb) =>
        eb
          .selectFrom('photos')
          .select([
            sql.lit(albumId).as('album_id'),
            'photos.id',
            sql.lit(addedBy).as('added_by'),
            'photos.created',
            'photos.date_sort',
            sql.lit(now).as('added_at'),
            'photos.user_id',
            'photos.card',
          ])
          .where('photos.id', 'in', chunk),
      )
      .onConflict((oc) => oc.columns(['album_id', 'photo_id']).doNothing())
      .execute();
  }
  await refreshAlbumStats(trx, [albumId]);
}

/** Adds the user's own photos among `photoIds` to the album; answers the ids that are not theirs. */
export async function addOwnPhotosToAlbum(
  db: Db,
  albumId: string,
  userId: string,
  photoIds: readonly string[],
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const own = await ownPhotoIds(trx, userId, photoIds);
    await addAlbumPhotos(trx, albumId, userId, [...own]);
    return photoIds.filter((id) => !own.has(id));
  });
}

/** Takes photos out of an album (not out of the library); answers the ids that were not in it. */
export async function removeAlbumPhotos(
  db: Db,
  albumId: string,
  photoIds: readonly string[],
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const present = await trx
      .selectFrom('album_photos')
      .select('photo_id')
      .where('album_id', '=', albumId)
      .where('photo_id', 'in', [...photoIds])
      .execute();
    const found = new Set(present.map((row) => row.photo_id));
    if (found.size > 0) {
      await trx
        .deleteFrom('album_photos')
        .where('album_id', '=', albumId)
        .where('photo_id', 'in', [...found])
        .execute();
      await refreshAlbumStats(trx, [albumId]);
    }
    return photoIds.filter((id) => !found.has(id));
  });
}

/** The album's photos among `photoIds` (with their owners), for an archive of a shared album. */
export async function albumPhotoFiles(
  db: Db,
  albumId: string,
  photoIds: readonly string[],
): Promise<Array<PhotoFile & { ownerId: string }>> {
  const rows = await db
    .selectFrom('album_photos')
    .innerJoin('photos', 'photos.id', 'album_photos.photo_id')
    .select([
      'photos.id',
      'photos.user_id',
      'photos.content_hash',
      'photos.local_file_name',
      'photos.mime_type',
      'photos.created',
    ])
    .where('album_photos.album_id', '=', albumId)
    .where('album_photos.photo_id', 'in', [...photoIds])
    .execute();
  return rows.map((row) => ({ ...toPhotoFile(row), ownerId: row.user_id }));
}

/** Shared-album summary counts of docs/product.md#data. */
export async function sharedAlbumsSummary(db: Db, userId: string) {
  const granted = await db
    .selectFrom('albums')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.min('created').as('created'),
      eb.fn.max('updated').as('updated'),
    ])
    .where('user_id', '=', userId)
    .where('is_shared', '=', 1)
    .executeTakeFirstOrThrow();
  const read = await db
    .selectFrom('album_participants')
    .innerJoin('albums', 'albums.id', 'album_participants.album_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.min('albums.created').as('created'),
      eb.fn.max('albums.updated').as('updated'),
    ])
    .where('album_participants.user_id', '=', userId)
    .where('albums.is_shared', '=', 1)
    .executeTakeFirstOrThrow();
  const created = [granted.created, read.created]
    .filter((v): v is string => typeof v === 'string')
    .sort()[0];
  const updated = [granted.updated, read.updated]
    .filter((v): v is string => typeof v === 'string')
    .sort()
    .pop();
  return {
    readAlbumsCount: Number(read.n),
    grantedAlbumsCount: Number(granted.n),
    ...(created ? { created } : {}),
    ...(updated ? { updated } : {}),
  };
}
