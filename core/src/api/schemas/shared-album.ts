import { z } from 'zod/mini';
import { albumSchema } from './album';

export const albumMemberSchema = z.object({
  id: z.string().check(z.minLength(1)),
  email: z.email(),
});
export type AlbumMember = z.infer<typeof albumMemberSchema>;

/**
 * A shared album (docs/product.md#data, docs/product.md#roles-and-flags): the album fields plus the owner and the participants (not
 * including the owner). The caller is the owner when `ownerId` equals their user id.
 */
export const sharedAlbumSchema = z.extend(albumSchema, {
  owner: albumMemberSchema,
  participants: z.array(albumMemberSchema),
});
export type SharedAlbum = z.infer<typeof sharedAlbumSchema>;

/** GET /shared-albums response (query: cursor, limit; first page 49, then 50). */
export const sharedAlbumPageSchema = z.object({
  albums: z.array(sharedAlbumSchema),
  cursor: z.nullable(z.string().check(z.minLength(1))),
});
export type SharedAlbumPage = z.infer<typeof sharedAlbumPageSchema>;

/** GET /shared-albums/{id}/participants response. */
export const sharedAlbumParticipantsSchema = z.object({
  owner: albumMemberSchema,
  participants: z.array(albumMemberSchema),
});
export type SharedAlbumParticipants = z.infer<typeof sharedAlbumParticipantsSchema>;

/**
 * Shared albums summary (docs/product.md#data): `readAlbumsCount` = shared albums the caller participates in
 * (read-only for them), `grantedAlbumsCount` = shared albums the caller owns.
 * `created`/`updated`: oldest creation and newest update among them, absent when there are none.
 */
export const sharedAlbumsSummarySchema = z.object({
  readAlbumsCount: z.int().check(z.minimum(0)),
  grantedAlbumsCount: z.int().check(z.minimum(0)),
  created: z.optional(z.iso.datetime()),
  updated: z.optional(z.iso.datetime()),
});
export type SharedAlbumsSummary = z.infer<typeof sharedAlbumsSummarySchema>;
