import { z } from 'zod/mini';
import { cursorSchema, limitQuerySchema } from './paging';

/** Changes per page of `GET /photos/changes` when `limit` is absent. */
export const PHOTO_CHANGES_DEFAULT_LIMIT = 500;

/**
 * GET /photos/changes query: the changes after `cursor` (a cursor of an earlier answer; absent:
 * from the start of the library), at most `limit` (1..500) of them.
 */
export const photoChangesQuerySchema = z.object({
  cursor: z.optional(cursorSchema),
  limit: z.optional(limitQuerySchema),
});
export type PhotoChangesQuery = z.infer<typeof photoChangesQuerySchema>;

/**
 * A photo that entered the library: what a copy of the original needs. `checksum` is the
 * SHA-256 (hex) of the original's bytes, `size` their length, `url` the original's bytes behind a
 * signed link (no bearer token; expires in about an hour, ask the same page again for fresh ones).
 */
export const addedPhotoSchema = z.object({
  id: z.uuid(),
  fileName: z.string().check(z.minLength(1)),
  mimeType: z.string().check(z.minLength(1)),
  size: z.int().check(z.minimum(0)),
  checksum: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  dateTaken: z.optional(z.iso.datetime()),
  created: z.iso.datetime(),
  url: z.url(),
});
export type AddedPhoto = z.infer<typeof addedPhotoSchema>;

/**
 * GET /photos/changes answer. `added` and `removed` are this page's outcome per photo (a photo
 * is in at most one of them); `cursor` continues after this page (the same cursor again asks
 * for the same page, with fresh URLs); `hasMore` says another page follows at once.
 */
export const photoChangesPageSchema = z.object({
  added: z.array(addedPhotoSchema),
  removed: z.array(z.uuid()),
  cursor: cursorSchema,
  hasMore: z.boolean(),
});
export type PhotoChangesPage = z.infer<typeof photoChangesPageSchema>;
