import { HttpError } from '../../http/http-error.ts';
import type { AlbumAccess } from './albums-repository.ts';
import { findAlbumAccess } from './albums-repository.ts';
import type { PhotoContext } from './context.ts';

/**
 * The album the caller may read: own, or shared with them (`shared: true` also requires the
 * album to be shared). 404 for unknown and foreign ids alike, so ids reveal nothing.
 */
export async function readableAlbum(
  ctx: PhotoContext,
  userId: string,
  albumId: string,
  { field = 'params.id', shared = false }: { field?: string; shared?: boolean } = {},
): Promise<AlbumAccess> {
  const access = await findAlbumAccess(ctx.db, userId, albumId);
  if (!access || (shared && access.album.is_shared !== 1))
    throw new HttpError(404, shared ? 'Shared album not found' : 'Album not found', field);
  return access;
}

/** The album the caller owns; a participant gets 403 (docs/product.md#roles-and-flags: shared albums are read-only to them). */
export async function ownedAlbum(
  ctx: PhotoContext,
  userId: string,
  albumId: string,
): Promise<AlbumAccess> {
  const access = await readableAlbum(ctx, userId, albumId);
  if (access.role !== 'owner')
    throw new HttpError(403, 'Only the owner can change this shared album', 'params.id');
  return access;
}
