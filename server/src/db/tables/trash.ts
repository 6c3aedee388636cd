import type {
  AlbumParticipantsTable,
  AlbumPhotosTable,
  AlbumsTable,
  PhotosTable,
} from './photos.ts';

/** When a row was deleted, and which delete (one request) it went with (migration 0021). */
interface Deletion {
  deleted_at: string;
  deletion_id: string;
}

/** A photo in Recently deleted: its `photos` row as it was. */
export type TrashedPhotosTable = PhotosTable & Deletion;

/** An own album in Recently deleted: its `albums` row as it was. */
export type TrashedAlbumsTable = AlbumsTable & Deletion;

/** The participants of a shared album in Recently deleted. */
export type TrashedAlbumParticipantsTable = AlbumParticipantsTable;

/**
 * A membership whose photo or album (or both) is in Recently deleted; it goes back to
 * `album_photos` once both are live again. Both owners are named so that deleting either
 * account takes it along.
 */
export type TrashedAlbumPhotosTable = AlbumPhotosTable & {
  album_owner_id: string;
  photo_owner_id: string;
};

export interface TrashTables {
  trashed_photos: TrashedPhotosTable;
  trashed_albums: TrashedAlbumsTable;
  trashed_album_participants: TrashedAlbumParticipantsTable;
  trashed_album_photos: TrashedAlbumPhotosTable;
}
