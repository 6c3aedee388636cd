import { z } from 'zod/mini';
import { albumSchema } from './album';
import { cursorSchema } from './paging';
import { photoIdsSchema, photoSchema } from './photo';

/**
 * Recently deleted (docs/product.md#recently-deleted): deleted photos and own albums wait here
 * for the server's `TRASH_DAYS` (default 30) before they are purged for good.
 */

/** Page size of GET /photos/trash without `limit`. */
export const TRASH_PAGE_LIMIT = 100;

/** When it was deleted, and when the purge takes it for good (deletedAt + the server's days). */
const trashDates = {
  deletedAt: z.iso.datetime(),
  purgeAt: z.iso.datetime(),
};

/** A photo in Recently deleted: the usual photo (its image URLs work for the owner) plus dates. */
export const trashedPhotoSchema = z.extend(photoSchema, trashDates);
export type TrashedPhoto = z.infer<typeof trashedPhotoSchema>;

/** GET /photos/trash response: newest deletion first; `cursor` is null on the last page. */
export const trashPhotoPageSchema = z.object({
  cursor: z.nullable(cursorSchema),
  photos: z.array(trashedPhotoSchema),
});
export type TrashPhotoPage = z.infer<typeof trashPhotoPageSchema>;

/**
 * An own album in Recently deleted: the album as it was (count and cover of its photos that are
 * not deleted themselves) plus dates.
 */
export const trashedAlbumSchema = z.extend(albumSchema, trashDates);
export type TrashedAlbum = z.infer<typeof trashedAlbumSchema>;

/** GET /albums/trash response: newest deletion first. */
export const trashAlbumListSchema = z.object({ albums: z.array(trashedAlbumSchema) });
export type TrashAlbumList = z.infer<typeof trashAlbumListSchema>;

/**
 * POST /photos/trash/restore body: `photoIds` (photos picked in Recently deleted) or
 * `deletionId` (Undo of one delete), exactly one of them. Response: `failedIdsResponseSchema`
 * (ids not in the caller's Recently deleted; empty for a deletionId).
 */
export const restorePhotosRequestSchema = z
  .object({
    photoIds: z.optional(photoIdsSchema),
    deletionId: z.optional(z.uuid()),
  })
  .check(
    z.refine((body) => (body.photoIds === undefined) !== (body.deletionId === undefined), {
      message: 'Send either photoIds or deletionId',
      path: ['photoIds'],
    }),
  );
export type RestorePhotosRequest = z.infer<typeof restorePhotosRequestSchema>;

/** DELETE /photos/trash body (delete for good now). Response: `failedIdsResponseSchema`. */
export const purgePhotosRequestSchema = z.object({ photoIds: photoIdsSchema });
export type PurgePhotosRequest = z.infer<typeof purgePhotosRequestSchema>;

/** A list of album ids in a request body (restore, delete for good). */
export const albumIdsSchema = z.array(z.uuid()).check(z.minLength(1), z.maxLength(1000));

/**
 * POST /albums/trash/restore and DELETE /albums/trash body. Response: `failedIdsResponseSchema`.
 * A restored album comes back with its members and shares, and with those of its photos that are
 * not deleted themselves (a photo restored later returns to it too).
 */
export const trashAlbumsRequestSchema = z.object({ albumIds: albumIdsSchema });
export type TrashAlbumsRequest = z.infer<typeof trashAlbumsRequestSchema>;

/**
 * DELETE /photos/trash/all response ("Empty"): everything in the caller's Recently deleted is
 * deleted for good; `deleted` photos and `deletedAlbums` albums.
 */
export const emptyTrashResponseSchema = z.object({
  deleted: z.int().check(z.minimum(0)),
  deletedAlbums: z.int().check(z.minimum(0)),
});
export type EmptyTrashResponse = z.infer<typeof emptyTrashResponseSchema>;
