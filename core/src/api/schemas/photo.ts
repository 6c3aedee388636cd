import { z } from 'zod/mini';
import { cursorSchema } from './paging';

/** Thumbnail sizes of docs/product.md#limits: 300 on small/medium screens, 800 on large, 1300 in the preview. */
export const THUMBNAIL_SIZES = [300, 800, 1300] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/** Max photos in one download (docs/product.md#limits). */
export const MAX_DOWNLOAD_PHOTOS = 100;

/**
 * One thumbnail. `id` is the size label ('300', '800', '1300'); `width`/`height` are the real
 * pixel size of that thumbnail (longest side <= the label, never enlarged), so an `<img>` can
 * reserve its box before it loads.
 */
export const thumbnailSchema = z.object({
  id: z.enum(['300', '800', '1300']),
  url: z.url(),
  width: z.int().check(z.minimum(1)),
  height: z.int().check(z.minimum(1)),
});
export type Thumbnail = z.infer<typeof thumbnailSchema>;

/**
 * A photo (docs/product.md#data). URLs are absolute, signed for the caller and expire (about an hour);
 * `<img>` tags load them without a bearer header. `url` shows the original inline,
 * `untouchedUrl` downloads the original bytes as `localFileName`.
 * `dateTaken` is absent when the image has no EXIF date (the timeline files it under January 1970).
 */
export const photoSchema = z.object({
  imageId: z.uuid(),
  uploadId: z.uuid(),
  localFileName: z.string().check(z.minLength(1)),
  url: z.url(),
  untouchedUrl: z.url(),
  thumbnails: z.array(thumbnailSchema),
  dateTaken: z.optional(z.iso.datetime()),
  uploadEnd: z.optional(z.iso.datetime()),
  created: z.iso.datetime(),
  visibleWidth: z.optional(z.int().check(z.minimum(1))),
  visibleHeight: z.optional(z.int().check(z.minimum(1))),
});
export type Photo = z.infer<typeof photoSchema>;

/** A photo seen through a shared album: also carries the owner's user id. */
export const sharedPhotoSchema = z.extend(photoSchema, {
  ownerId: z.string().check(z.minLength(1)),
});
export type SharedPhoto = z.infer<typeof sharedPhotoSchema>;

/** A page of photos; `cursor` is null on the last page. */
export const photoPageSchema = z.object({
  cursor: z.nullable(cursorSchema),
  images: z.array(photoSchema),
});
export type PhotoPage = z.infer<typeof photoPageSchema>;

export const sharedPhotoPageSchema = z.object({
  cursor: z.nullable(cursorSchema),
  images: z.array(sharedPhotoSchema),
});
export type SharedPhotoPage = z.infer<typeof sharedPhotoPageSchema>;

/** A list of photo ids in a request body (delete, add to / remove from album, temp selection). */
export const photoIdsSchema = z.array(z.uuid()).check(z.minLength(1), z.maxLength(1000));

/** DELETE /photos body. */
export const deletePhotosRequestSchema = z.object({ photoIds: photoIdsSchema });
export type DeletePhotosRequest = z.infer<typeof deletePhotosRequestSchema>;

/** POST/DELETE /albums/{id}/photos and the trash routes' response: the ids that were not changed. */
export const failedIdsResponseSchema = z.object({ failed: z.array(z.string()) });
export type FailedIdsResponse = z.infer<typeof failedIdsResponseSchema>;

/**
 * DELETE /photos response: the ids that were not the caller's, and the id of this deletion. The
 * photos went to Recently deleted (docs/product.md#recently-deleted); Undo sends `{ deletionId }`
 * (or the ids) to POST /photos/trash/restore and gets exactly this delete back.
 */
export const deletePhotosResponseSchema = z.extend(failedIdsResponseSchema, {
  deletionId: z.uuid(),
});
export type DeletePhotosResponse = z.infer<typeof deletePhotosResponseSchema>;

/**
 * DELETE /photos/all response: how many photos went to Recently deleted, and the deletion's id
 * (Undo: POST /photos/trash/restore `{ deletionId }`).
 */
export const deleteAllPhotosResponseSchema = z.object({
  deleted: z.int().check(z.minimum(0)),
  deletionId: z.uuid(),
});
export type DeleteAllPhotosResponse = z.infer<typeof deleteAllPhotosResponseSchema>;

/**
 * POST /photos is multipart/form-data: part `file` (HEIC, JPEG or PNG, judged by content) and an
 * optional text part `albumId` (an own album, or a shared album the caller participates in).
 * Response: the created photo (`photoSchema`).
 */
export const uploadPhotoFieldsSchema = z.object({ albumId: z.optional(z.uuid()) });
export type UploadPhotoFields = z.infer<typeof uploadPhotoFieldsSchema>;
