import type { PhotosTable } from '../../db/tables/photos.ts';

/**
 * Stands where the signed URL prefix (`…/images/{id}?u=…&e=…&s=…&v=`) goes in a card. A raw
 * U+0001 can never occur inside JSON.stringify output (control characters are escaped), so
 * replacing it cannot touch user data.
 */
export const URL_MARK = '\u0001';

/** The columns a card is made of, in `photos` and `trashed_photos` alike. */
export const CARD_COLUMNS = [
  'id',
  'upload_id',
  'local_file_name',
  'visible_width',
  'visible_height',
  'thumb_s_w',
  'thumb_s_h',
  'thumb_m_w',
  'thumb_m_h',
  'thumb_l_w',
  'thumb_l_h',
  'date_taken',
  'created',
  'upload_end',
] as const;

type CardFields = Pick<PhotosTable, (typeof CARD_COLUMNS)[number]>;

/**
 * The version of what {@link photoCard} writes: bump it with every change to its output, and the
 * server rebuilds every stored card at its next start (`PHOTO_CARD_FORMAT` in
 * photos-repository.ts).
 */
export const PHOTO_CARD_VERSION = 1;

/**
 * The photo's response JSON (docs/product.md#data Photo) with {@link URL_MARK} before each URL's
 * variant. Stored in `photos.card` and copied into each of the photo's album memberships
 * (`album_photos.photo_card`, which album pages read): a new card format rewrites both.
 */
export function photoCard(row: CardFields): string {
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
