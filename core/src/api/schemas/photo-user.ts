import { z } from 'zod/mini';
import { sharedAlbumsSummarySchema } from './shared-album';

/** Activation status of the photo service user (docs/product.md#data, docs/product.md#states). */
export const activationStatusSchema = z.enum(['ACTIVE', 'NOT_ACTIVE', 'IMPORTING', 'DELETING']);
export type ActivationStatus = z.infer<typeof activationStatusSchema>;

/**
 * GET /users: the photo-service user. `albumsCount` counts own albums (shared ones included);
 * `sharedAlbums.readAlbumsCount` the shared albums the caller can read as a participant.
 */
export const photoUserSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  photosCount: z.int().check(z.minimum(0)),
  albumsCount: z.int().check(z.minimum(0)),
  status: activationStatusSchema,
  sharedAlbums: sharedAlbumsSummarySchema,
});
export type PhotoUser = z.infer<typeof photoUserSchema>;

/** POST /users/activate response: whether an import was started by this call. */
export const activationStartSchema = z.object({ started: z.boolean() });
export type ActivationStart = z.infer<typeof activationStartSchema>;

/** GET /users/activate response. */
export const activationStatusResponseSchema = z.object({ status: activationStatusSchema });
export type ActivationStatusResponse = z.infer<typeof activationStatusResponseSchema>;
