import type { SortKey } from '@photo/core/api/schemas/paging';
import { UNKNOWN_DATE_MONTH, UNKNOWN_DATE_YEAR } from '@photo/core/api/schemas/timeline';
import type { ExpressionBuilder, Transaction } from 'kysely';
import { sql } from 'kysely';
import { chunks } from '../../db/chunks.ts';
import type { Db } from '../../db/database.ts';
import { preparedRead } from '../../db/prepared-reads.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { PhotosTable } from '../../db/tables/photos.ts';
import { recordPhotoChanges } from './photo-changes-repository.ts';
import type { PageSpec, SortedRow } from './paging.ts';
import { keysetAfter } from './paging.ts';
import type { PhotoRow } from './photo-presenter.ts';
import { PHOTO_COLUMNS } from './photo-presenter.ts';
import { CARD_COLUMNS, PHOTO_CARD_VERSION, photoCard } from './photo-card.ts';
import type { PresentedFormat } from '../../db/presented-formats.ts';

export const UNKNOWN_DATE_SORT = new Date(
  Date.UTC(UNKNOWN_DATE_YEAR, UNKNOWN_DATE_MONTH - 1, 1),
).toISOString();

/**
 * A photo row plus the value of the page's sort column, which its cursor needs. Only that one
 * column is read: each extra string column costs about a tenth of a 500-row page's read.
 */
export type PagedPhotoRow = PhotoRow & SortedRow;

const photoSortColumn = (key: SortKey) =>
  key === 'created' ? 'photos.created' : 'photos.date_sort';

/** Timeline bucket and sort value of a photo (January 1970 when it has no date). */
export function dateFields(
  dateTaken: string | null,
): Pick<PhotosTable, 'date_taken' | 'date_sort' | 'year' | 'month'> {
  const dateSort = dateTaken ?? UNKNOWN_DATE_SORT;
  return {
    date_taken: dateTaken,
    date_sort: dateSort,
    year: Number(dateSort.slice(0, 4)),
    month: Number(dateSort.slice(5, 7)),
  };
}

/** One page of the user's photos, optionally one timeline month; fetches limit + 1 rows. */
export async function listPhotos(
  db: Db,
  userId: string,
  spec: PageSpec,
  month?: { year: number; month: number },
): Promise<PagedPhotoRow[]> {
  const params: unknown[] = [userId];
  if (month) params.push(month.year, month.month);
  if (spec.after) params.push(spec.after[0], spec.after[1]);
  params.push(spec.limit + 1);
  const shape = `photos|${spec.sortKey}|${spec.sortOrder}|${month ? 'month' : 'all'}|${spec.after ? 'after' : 'first'}`;
  return preparedRead(db, shape, params, () => photosPageQuery(db, userId, spec, month));
}

/** The query of {@link listPhotos} (exported for the EXPLAIN QUERY PLAN test). */
export function photosPageQuery(
  db: Db,
  userId: string,
  spec: PageSpec,
  month?: { year: number; month: number },
) {
  const sortColumn = photoSortColumn(spec.sortKey);
  let query = db
    .selectFrom('photos')
    .select([
      ...PHOTO_COLUMNS,
      spec.sortKey === 'created'
        ? 'photos.created as sort_value'
        : 'photos.date_sort as sort_value',
    ])
    .where('photos.user_id', '=', userId);
  if (month)
    query = query.where('photos.year', '=', month.year).where('photos.month', '=', month.month);
  if (spec.after)
    query = query.where(keysetAfter(sortColumn, 'photos.id', spec.sortOrder, spec.after));
  return query
    .orderBy(sortColumn, spec.sortOrder)
    .orderBy('photos.id', spec.sortOrder)
    .limit(spec.limit + 1);
}

export async function getOwnPhoto(
  db: Db,
  userId: string,
  photoId: string,
): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('photos')
    .select(PHOTO_COLUMNS)
    .where('photos.id', '=', photoId)
    .where('photos.user_id', '=', userId)
    .executeTakeFirst();
}

/** Ids among `photoIds` that the user owns (any number of ids; also inside a transaction). */
export async function ownPhotoIds(
  db: Db,
  userId: string,
  photoIds: readonly string[],
): Promise<Set<string>> {
  const own = new Set<string>();
  for (const chunk of chunks(photoIds)) {
    const rows = await db
      .selectFrom('photos')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) own.add(row.id);
  }
  return own;
}

/**
 * `albums` (joined in the query) is a shared album `viewerId` owns or participates in: the
 * condition under which someone else's photo in it is readable (docs/product.md#roles-and-flags).
 */
export function sharedAlbumReadableBy(viewerId: string) {
  return (eb: ExpressionBuilder<DatabaseSchema, 'albums'>) =>
    eb.and([
      eb('albums.is_shared', '=', 1),
      eb.or([
        eb('albums.user_id', '=', viewerId),
        eb.exists(
          eb
            .selectFrom('album_participants')
            .select('album_participants.album_id')
            .whereRef('album_participants.album_id', '=', 'albums.id')
            .where('album_participants.user_id', '=', viewerId),
        ),
      ]),
    ]);
}

/**
 * Whether `viewerId` may read the photo: they own it, or it is in a shared album they own or
 * participate in (docs/product.md#roles-and-flags).
 */
export async function canReadPhoto(
  db: Db,
  viewerId: string,
  photoId: string,
): Promise<{ contentHash: string; localFileName: string; mimeType: string } | undefined> {
  const row = await db
    .selectFrom('photos')
    .select(['content_hash', 'local_file_name', 'mime_type', 'user_id'])
    .where('id', '=', photoId)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = {
    contentHash: row.content_hash,
    localFileName: row.local_file_name,
    mimeType: row.mime_type,
  };
  if (row.user_id === viewerId) return result;
  const shared = await db
    .selectFrom('album_photos')
    .innerJoin('albums', 'albums.id', 'album_photos.album_id')
    .select('albums.id')
    .where('album_photos.photo_id', '=', photoId)
    .where(sharedAlbumReadableBy(viewerId))
    .limit(1)
    .executeTakeFirst();
  return shared ? result : undefined;
}

/** What an archive needs of a photo: its stored bytes and the name and date of its zip entry. */
export interface PhotoFile {
  id: string;
  contentHash: string;
  localFileName: string;
  /** The stored content's type: the entry's extension follows it. */
  mimeType: string;
  created: string;
}

export const toPhotoFile = (row: {
  id: string;
  content_hash: string;
  local_file_name: string;
  mime_type: string;
  created: string;
}): PhotoFile => ({
  id: row.id,
  contentHash: row.content_hash,
  localFileName: row.local_file_name,
  mimeType: row.mime_type,
  created: row.created,
});

/**
 * The photos among `photoIds` that `viewerId` may read (own, or in a shared album they read),
 * in the order of `photoIds`.
 */
export async function readablePhotoFiles(
  db: Db,
  viewerId: string,
  photoIds: readonly string[],
): Promise<PhotoFile[]> {
  const byId = new Map<string, PhotoFile>();
  for (const chunk of chunks(photoIds)) {
    const rows = await db
      .selectFrom('photos')
      .select([
        'photos.id',
        'photos.content_hash',
        'photos.local_file_name',
        'photos.mime_type',
        'photos.created',
      ])
      .where('photos.id', 'in', chunk)
      .where((eb) =>
        eb.or([
          eb('photos.user_id', '=', viewerId),
          eb.exists(
            eb
              .selectFrom('album_photos')
              .innerJoin('albums', 'albums.id', 'album_photos.album_id')
              .select('albums.id')
              .whereRef('album_photos.photo_id', '=', 'photos.id')
              .where(sharedAlbumReadableBy(viewerId)),
          ),
        ]),
      )
      .execute();
    for (const row of rows) byId.set(row.id, toPhotoFile(row));
  }
  return photoIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Photos whose cards are rebuilt per round: one select, then one UPDATE … FROM VALUES of them
 * all. A statement per photo took about 4 × as long on PostgreSQL (a round trip each), minutes at
 * a million photos, with every instance waiting to serve.
 */
const CARDS_PER_ROUND = 500;

/**
 * The photo cards: a new format makes every card again from its photo's columns, in `photos`
 * and `trashed_photos`, then copies them into the album memberships (`album_photos`), as
 * migration 0003 once did by hand. Every card reader reads them ready-made, so they are all
 * rebuilt before the server answers, not on read.
 */
export const PHOTO_CARD_FORMAT: PresentedFormat = {
  name: 'photo-cards',
  version: PHOTO_CARD_VERSION,
  rebuild: async (db) => {
    for (const table of ['photos', 'trashed_photos'] as const) {
      let after = '';
      for (;;) {
        const rows = await db
          .selectFrom(table)
          .select(CARD_COLUMNS)
          .where('id', '>', after)
          .orderBy('id')
          .limit(CARDS_PER_ROUND)
          .execute();
        // SQLite and PostgreSQL both name a VALUES list's columns column1, column2.
        if (rows.length > 0)
          await sql`UPDATE ${sql.table(table)} SET card = v.column2
            FROM (VALUES ${sql.join(rows.map((row) => sql`(${row.id}, ${photoCard(row)})`))}) AS v
            WHERE ${sql.ref(`${table}.id`)} = v.column1`.execute(db);
        if (rows.length < CARDS_PER_ROUND) break;
        after = rows[rows.length - 1]!.id;
      }
    }
    await sql`UPDATE album_photos SET photo_card =
      (SELECT card FROM photos WHERE photos.id = album_photos.photo_id)`.execute(db);
  },
};

/**
 * Inserts photo rows and keeps the month counts and the change feed in step (call inside a
 * transaction).
 */
export async function insertPhotos(
  trx: Transaction<DatabaseSchema>,
  rows: readonly PhotosTable[],
): Promise<void> {
  if (rows.length === 0) return;
  rows = rows.map((row) => (row.card ? row : { ...row, card: photoCard(row) }));
  for (const chunk of chunks(rows)) await trx.insertInto('photos').values(chunk).execute();
  const idsByUser = new Map<string, string[]>();
  for (const row of rows) {
    const ids = idsByUser.get(row.user_id) ?? [];
    ids.push(row.id);
    idsByUser.set(row.user_id, ids);
  }
  for (const [userId, ids] of idsByUser) await recordPhotoChanges(trx, userId, ids, 'added');
  await changeMonthCounts(trx, rows, 1);
}

/**
 * Adds (`sign` 1) or takes away (-1) the rows' photos in the precomputed month counts: uploads,
 * and photos going to and coming back from Recently deleted. Empty months go.
 */
export async function changeMonthCounts(
  trx: Db,
  rows: ReadonlyArray<Pick<PhotosTable, 'user_id' | 'year' | 'month'>>,
  sign: 1 | -1,
): Promise<void> {
  const counts = new Map<string, { user_id: string; year: number; month: number; count: number }>();
  for (const row of rows) {
    const key = `${row.user_id}|${row.year}|${row.month}`;
    const entry = counts.get(key) ?? {
      user_id: row.user_id,
      year: row.year,
      month: row.month,
      count: 0,
    };
    entry.count += sign;
    counts.set(key, entry);
  }
  for (const entry of counts.values()) {
    await trx
      .insertInto('photo_month_counts')
      .values(entry)
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'year', 'month'])
          .doUpdateSet({ count: sql<number>`photo_month_counts.count + ${entry.count}` }),
      )
      .execute();
  }
  if (sign < 0)
    for (const userId of new Set(rows.map((row) => row.user_id)))
      await trx
        .deleteFrom('photo_month_counts')
        .where('user_id', '=', userId)
        .where('count', '<=', 0)
        .execute();
}

/**
 * Hashes among `hashes` that no photo, photo in Recently deleted or legacy photo references any
 * more.
 */
export async function unreferencedHashes(db: Db, hashes: readonly string[]): Promise<string[]> {
  const unused: string[] = [];
  for (const chunk of chunks(hashes)) {
    const used = new Set<string>();
    const photos = await db
      .selectFrom('photos')
      .select('content_hash')
      .distinct()
      .where('content_hash', 'in', chunk)
      .execute();
    const trashed = await db
      .selectFrom('trashed_photos')
      .select('content_hash')
      .distinct()
      .where('content_hash', 'in', chunk)
      .execute();
    const legacy = await db
      .selectFrom('legacy_photos')
      .select('content_hash')
      .distinct()
      .where('content_hash', 'in', chunk)
      .execute();
    for (const row of [...photos, ...trashed, ...legacy]) used.add(row.content_hash);
    unused.push(...chunk.filter((hash) => !used.has(hash)));
  }
  return unused;
}

/**
 * The user's photos by content hash (SHA-256 hex), one photo id per hash that the user has:
 * the duplicate check of uploads (index photos_user_hash).
 */
export async function ownPhotoIdsByHash(
  db: Db,
  userId: string,
  hashes: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const chunk of chunks([...new Set(hashes)])) {
    const rows = await db
      .selectFrom('photos')
      .select((eb) => ['content_hash', eb.fn.min<string>('id').as('id')])
      .where('user_id', '=', userId)
      .where('content_hash', 'in', chunk)
      .groupBy('content_hash')
      .execute();
    for (const row of rows) found.set(row.content_hash, row.id);
  }
  return found;
}

/** Timeline summary from the precomputed month counts (never touches the photo table). */
export async function timelineCounts(
  db: Db,
  userId: string,
): Promise<Array<{ year: number; month: number; count: number }>> {
  return preparedRead(db, 'timeline', [userId, 0], () => timelineQuery(db, userId));
}

export function timelineQuery(db: Db, userId: string) {
  return db
    .selectFrom('photo_month_counts')
    .select(['year', 'month', 'count'])
    .where('user_id', '=', userId)
    .where('count', '>', 0)
    .orderBy('year', 'desc')
    .orderBy('month', 'desc');
}
