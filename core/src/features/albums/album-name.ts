import { z } from 'zod/mini';
import { ALBUM_NAME_INVALID, ALBUM_NAME_REQUIRED, albumNameSchema } from '../../api/schemas/album';

/**
 * The create/rename form (docs/product.md#validation). The schema is the one the server validates with, so a name
 * the form accepts is never rejected for its shape, and one it rejects is never sent.
 */
export const albumNameFormSchema = z.object({ name: albumNameSchema });
export type AlbumNameForm = z.infer<typeof albumNameFormSchema>;

/** i18n key for a validation message of `albumNameSchema` (the schema speaks en-GB). */
export function albumNameErrorKey(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message === ALBUM_NAME_REQUIRED) return 'albums.nameRequired';
  if (message === ALBUM_NAME_INVALID) return 'albums.nameInvalid';
  return 'albums.nameInvalid';
}

/** The first validation message for a name, or undefined when it is valid. */
export function validateAlbumName(name: string): string | undefined {
  const result = albumNameFormSchema.safeParse({ name });
  return result.success ? undefined : result.error.issues[0]?.message;
}
