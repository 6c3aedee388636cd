import { z } from 'zod/mini';
import { cursorSchema, limitQuerySchema } from './paging';
import { photoIdsSchema, photoSchema } from './photo';
import { isBlankOrInvisible, noControlCharacters } from './unsafe-characters';

/** Messages of docs/product.md#validation; the client may translate them by these exact texts. */
export const ALBUM_NAME_REQUIRED = 'Please give your album a name';
export const ALBUM_NAME_INVALID = 'Name not valid';

/**
 * Album name: required; no `<`, `>`, `;`, control or bidirectional-control characters; not
 * only blanks or invisible characters (docs/product.md#validation). Used by forms and the server.
 */
export const albumNameSchema = z.string({ error: ALBUM_NAME_REQUIRED }).check(
  z.minLength(1, ALBUM_NAME_REQUIRED),
  z.maxLength(255, ALBUM_NAME_INVALID),
  z.regex(/^(?!\s*$)[^<>;]+$/, ALBUM_NAME_INVALID),
  noControlCharacters({ message: ALBUM_NAME_INVALID }),
  z.refine((name) => !isBlankOrInvisible(name), ALBUM_NAME_INVALID),
);

/**
 * An album (docs/product.md#data). Every album carries `userId` and `ownerId` (both the owner's id) and
 * `isShared`; for the caller's own albums `userId` is the caller. `coverPhoto` is the album's
 * most recently created photo, or null when empty.
 */
export const albumSchema = z.object({
  albumId: z.uuid(),
  albumName: z.string().check(z.minLength(1)),
  coverPhoto: z.nullable(photoSchema),
  photosCount: z.int().check(z.minimum(0)),
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
  userId: z.string().check(z.minLength(1)),
  isShared: z.boolean(),
  ownerId: z.string().check(z.minLength(1)),
});
export type Album = z.infer<typeof albumSchema>;

/** GET /albums query. `displaySharedData=true` adds shared albums the caller participates in. */
export const albumListQuerySchema = z.object({
  cursor: z.optional(cursorSchema),
  limit: z.optional(limitQuerySchema),
  displaySharedData: z.optional(z.enum(['true', 'false'])),
});
export type AlbumListQuery = z.infer<typeof albumListQuerySchema>;

/** GET /albums response. Without `limit`, the first page holds 49 albums, later pages 50. */
export const albumPageSchema = z.object({
  albums: z.array(albumSchema),
  cursor: z.nullable(cursorSchema),
});
export type AlbumPage = z.infer<typeof albumPageSchema>;

/** POST /albums body. */
export const createAlbumRequestSchema = z.object({ name: albumNameSchema });
export type CreateAlbumRequest = z.infer<typeof createAlbumRequestSchema>;

/** POST /albums response. */
export const createAlbumResponseSchema = z.object({ albumId: z.uuid() });
export type CreateAlbumResponse = z.infer<typeof createAlbumResponseSchema>;

/** PATCH /albums/{id} body (rename). Response: `albumSchema`. */
export const renameAlbumRequestSchema = z.object({ name: albumNameSchema });
export type RenameAlbumRequest = z.infer<typeof renameAlbumRequestSchema>;

/** POST and DELETE /albums/{id}/photos body. Response: `failedIdsResponseSchema`. */
export const albumPhotosRequestSchema = z.object({ photoIds: photoIdsSchema });
export type AlbumPhotosRequest = z.infer<typeof albumPhotosRequestSchema>;
