import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Precomputed photo JSON ("card"): every immutable field of a photo response, with a marker
 * where the viewer's signed URL prefix goes, so a page of 500 photos is string joins instead
 * of 500 object builds + a JSON.stringify. Backfills rows written before this migration.
 *
 * A migration is history: the card format and the row shape below are copied as they were when
 * it was written (the live `photoCard` is in modules/photo-management/photo-card.ts), so a later
 * change there cannot change what this step does. A new card format needs a migration of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('card', 'text').execute();
  const typed = db as unknown as Kysely<{ photos: CardRow }>;
  const rows = await typed
    .selectFrom('photos')
    .selectAll()
    .where(sql.ref('card'), 'is', null)
    .execute();
  for (const row of rows) {
    await typed
      .updateTable('photos')
      .set({ card: photoCard(row) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').dropColumn('card').execute();
}

/** The columns of `photos` the card is made of, as they were at this migration. */
interface CardRow {
  id: string;
  upload_id: string;
  local_file_name: string;
  visible_width: number | null;
  visible_height: number | null;
  thumb_s_w: number;
  thumb_s_h: number;
  thumb_m_w: number;
  thumb_m_h: number;
  thumb_l_w: number;
  thumb_l_h: number;
  date_taken: string | null;
  created: string;
  upload_end: string;
  card: string | null;
}

/** Stands where the signed URL prefix goes (a raw U+0001 never occurs in JSON.stringify output). */
const URL_MARK = '\u0001';

/** The photo's response JSON with {@link URL_MARK} before each URL's variant. */
function photoCard(row: CardRow): string {
  const thumb = (id: string, width: number, height: number) =>
    `{"id":"${id}","url":"${URL_MARK}${id}","width":${width},"height":${height}}`;
  return (
    `{"imageId":${JSON.stringify(row.id)},"uploadId":${JSON.stringify(row.upload_id)},` +
    `"localFileName":${JSON.stringify(row.local_file_name)},` +
    `"url":"${URL_MARK}original","untouchedUrl":"${URL_MARK}download",` +
    `"thumbnails":[${thumb('300', row.thumb_s_w, row.thumb_s_h)},${thumb('800', row.thumb_m_w, row.thumb_m_h)},${thumb('1300', row.thumb_l_w, row.thumb_l_h)}],` +
    (row.date_taken === null ? '' : `"dateTaken":${JSON.stringify(row.date_taken)},`) +
    `"uploadEnd":${JSON.stringify(row.upload_end)},` +
    (row.visible_width !== null && row.visible_height !== null
      ? `"visibleWidth":${row.visible_width},"visibleHeight":${row.visible_height},`
      : '') +
    `"created":${JSON.stringify(row.created)}}`
  );
}
