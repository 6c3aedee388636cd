import type { Album } from '@photo/core/api/schemas/album';
import type { SharedAlbum } from '@photo/core/api/schemas/shared-album';
import type { Db } from '../../db/database.ts';
import type { AlbumRow } from './albums-repository.ts';
import { albumMembers, coverRows } from './albums-repository.ts';
import type { PhotoPresenter } from './photo-presenter.ts';

/** Albums with covers in two queries for the whole page (no N+1). */
export async function presentAlbums(
  db: Db,
  presenter: PhotoPresenter,
  albums: readonly AlbumRow[],
  viewerId: string,
): Promise<Album[]> {
  const covers = await coverRows(db, albums);
  return albums.map((album) => {
    const cover = album.cover_photo_id ? covers.get(album.cover_photo_id) : undefined;
    return {
      albumId: album.id,
      albumName: album.name,
      coverPhoto: cover ? presenter.present(cover, viewerId) : null,
      photosCount: album.photos_count,
      created: album.created,
      updated: album.updated,
      userId: album.user_id,
      isShared: album.is_shared === 1,
      ownerId: album.user_id,
    };
  });
}

/** Shared albums with owner and participants, four queries for the whole page. */
export async function presentSharedAlbums(
  db: Db,
  presenter: PhotoPresenter,
  albums: readonly AlbumRow[],
  viewerId: string,
): Promise<SharedAlbum[]> {
  const [base, members] = await Promise.all([
    presentAlbums(db, presenter, albums, viewerId),
    albumMembers(db, albums),
  ]);
  return base.map((album) => ({
    ...album,
    owner: members.owners.get(album.ownerId) ?? {
      id: album.ownerId,
      email: 'unknown@invalid.example',
    },
    participants: members.participants.get(album.albumId) ?? [],
  }));
}
