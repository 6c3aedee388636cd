import type { UploadStatus } from '@photo/core/api/schemas/upload';

/**
 * Tables of the storage module (migration 0014). One row per resumable upload; the bytes of a
 * partial upload live in the tus file store (`DATA_DIR/storage/uploads/`), a finished upload's
 * in the content-addressed store under its photo.
 */
export interface UploadsTable {
  /** The tus upload id (a UUID); a photo made from it carries it as `upload_id`. */
  id: string;
  user_id: string;
  /** The name the client gave, cleaned (`cleanFileName`). */
  file_name: string;
  /** The type the client declared; the content decides what is accepted. */
  file_type: string | null;
  /** SHA-256 hex (lower case) the client declared for the whole file. */
  checksum: string;
  size: number;
  album_id: string | null;
  status: UploadStatus;
  /** The photo it became (`created`) or already was (`duplicate`); null otherwise or once deleted. */
  photo_id: string | null;
  /** Why it was refused. */
  error: string | null;
  created: string;
  finished: string | null;
}

/** Stored content whose thumbnails are still to be made (migration 0015). */
export interface ThumbnailJobsTable {
  /** SHA-256 hex: the content-addressed store's key of the original and its thumbnails. */
  content_hash: string;
  created: string;
}

export interface StorageTables {
  uploads: UploadsTable;
  thumbnail_jobs: ThumbnailJobsTable;
}
