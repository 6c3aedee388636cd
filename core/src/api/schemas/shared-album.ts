import { z } from 'zod';
import { albumSchema } from './album';

export const albumMemberSchema = z.object({ id: z.string().min(1), email: z.email() });
export type AlbumMember = z.infer<typeof albumMemberSchema>;

/**
 * A shared album (spec §3, §6): the album fields plus the owner and the participants (not
 * including the owner). The caller is the owner when `ownerId` equals their user id.
 */
export const sharedAlbumSchema = albumSchema.extend({
  owner: albumMemberSchema,
  participants: z.array(albumMemberSchema),
});
export type SharedAlbum = z.infer<typeof sharedAlbumSchema>;

/** GET /shared-albums response (query: cursor, limit; first page 49, then 50). */
export const sharedAlbumPageSchema = z.object({
  albums: z.array(sharedAlbumSchema),
  cursor: z.string().min(1).nullable(),
});
export type SharedAlbumPage = z.infer<typeof sharedAlbumPageSchema>;

/** GET /shared-albums/{id}/participants response. */
export const sharedAlbumParticipantsSchema = z.object({
  owner: albumMemberSchema,
  participants: z.array(albumMemberSchema),
});
export type SharedAlbumParticipants = z.infer<typeof sharedAlbumParticipantsSchema>;

/**
 * Shared albums summary (spec §3): `readAlbumsCount` = shared albums the caller participates in
 * (read-only for them), `grantedAlbumsCount` = shared albums the caller owns.
 * `created`/`updated`: oldest creation and newest update among them, absent when there are none.
 */
export const sharedAlbumsSummarySchema = z.object({
  readAlbumsCount: z.number().int().min(0),
  grantedAlbumsCount: z.number().int().min(0),
  created: z.iso.datetime().optional(),
  updated: z.iso.datetime().optional(),
});
export type SharedAlbumsSummary = z.infer<typeof sharedAlbumsSummarySchema>;
