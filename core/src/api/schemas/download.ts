import { z } from 'zod/mini';
import { MAX_DOWNLOAD_PHOTOS } from './photo';

/** Archive job state: `pending` while the zip is written, `ready` to fetch, `failed`, `expired` after cleanup. */
export const downloadStatusSchema = z.enum(['pending', 'ready', 'failed', 'expired']);
export type DownloadStatus = z.infer<typeof downloadStatusSchema>;

/** A download (docs/product.md#data): id, name, photo ids; the zip is saved as `{id}.zip`. */
export const downloadSchema = z.object({
  id: z.uuid(),
  name: z.string().check(z.minLength(1)),
  photos: z.array(z.uuid()),
  status: downloadStatusSchema,
  created: z.iso.datetime(),
});
export type Download = z.infer<typeof downloadSchema>;

/** GET /downloads response. */
export const downloadListSchema = z.object({ items: z.array(downloadSchema) });
export type DownloadList = z.infer<typeof downloadListSchema>;

/** POST /downloads body: 1..100 photos the caller owns. Response: `downloadSchema` (status pending). */
export const createDownloadRequestSchema = z.object({
  photoIds: z.array(z.uuid()).check(z.minLength(1), z.maxLength(MAX_DOWNLOAD_PHOTOS)),
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
});
export type CreateDownloadRequest = z.infer<typeof createDownloadRequestSchema>;

/** POST /shared-album-downloads body. Response: `downloadSchema`. */
export const createSharedAlbumDownloadRequestSchema = z.object({
  albumId: z.uuid(),
  photos: z
    .array(z.object({ photoId: z.uuid(), ownerId: z.string().check(z.minLength(1)) }))
    .check(z.minLength(1), z.maxLength(MAX_DOWNLOAD_PHOTOS)),
});
export type CreateSharedAlbumDownloadRequest = z.infer<
  typeof createSharedAlbumDownloadRequestSchema
>;

/**
 * GET /downloads/{id}/url response (409 while the archive is not ready). The URL is absolute,
 * signed for the caller, expires after a few minutes and needs no bearer header, so an anchor
 * or the desktop app can fetch it; it serves the zip as `{id}.zip`.
 */
export const downloadUrlSchema = z.object({ url: z.url() });
export type DownloadUrl = z.infer<typeof downloadUrlSchema>;
