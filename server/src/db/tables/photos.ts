/**
 * Tables of the photo-management module (migration 0002). Timestamps are ISO 8601 strings
 * (UTC, `toISOString()`), so they sort as text; booleans are 0/1 integers (portable to PostgreSQL).
 */
export interface PhotosTable {
  id: string;
  user_id: string;
  upload_id: string;
  local_file_name: string;
  /** sha256 hex of the original: the storage key of the original and its thumbnails. */
  content_hash: string;
  mime_type: string;
  byte_size: number;
  visible_width: number | null;
  visible_height: number | null;
  /** Real pixel sizes of the 300/800/1300 thumbnails. */
  thumb_s_w: number;
  thumb_s_h: number;
  thumb_m_w: number;
  thumb_m_h: number;
  thumb_l_w: number;
  thumb_l_h: number;
  /** EXIF date, null when the image has none. */
  date_taken: string | null;
  /** `date_taken`, or 1970-01-01T00:00:00.000Z: the dateTaken sort value. */
  date_sort: string;
  /** Timeline bucket of `date_sort`. */
  year: number;
  month: number;
  created: string;
  upload_end: string;
  /** Precomputed response JSON with a URL marker (migration 0003, `photo-card.ts`); null only mid-migration. */
  card: string | null;
}

/** Precomputed timeline: photos per user and month, kept in step with every photo write. */
export interface PhotoMonthCountsTable {
  user_id: string;
  year: number;
  month: number;
  count: number;
}

export interface AlbumsTable {
  id: string;
  /** The owner. */
  user_id: string;
  name: string;
  is_shared: number;
  photos_count: number;
  /** The album's most recently created photo, kept in step with adds and removals. */
  cover_photo_id: string | null;
  created: string;
  updated: string;
}

export interface AlbumParticipantsTable {
  album_id: string;
  user_id: string;
  created: string;
}

/**
 * Album membership. The photo's sort values, owner and card are copied here (photos never change
 * after upload), so an album page is one index range over this table and never reads `photos`
 * (migration 0023).
 */
export interface AlbumPhotosTable {
  album_id: string;
  photo_id: string;
  /** Who put the photo into the album (a participant's uploads leave with them, docs/product.md#roles-and-flags). */
  added_by: string;
  photo_created: string;
  photo_date_sort: string;
  added_at: string;
  /** `photos.user_id`. Nullable in the schema (an added column); every writer sets it. */
  photo_user_id: string;
  /** `photos.card` (see `photo-card.ts`). Nullable in the schema (an added column); every writer sets it. */
  photo_card: string;
}

export interface DownloadsTable {
  id: string;
  user_id: string;
  name: string;
  status: 'pending' | 'ready' | 'failed' | 'expired';
  /** JSON array of photo ids. */
  photo_ids: string;
  created: string;
  finished_at: string | null;
  error: string | null;
  /** The instance (INSTANCE_ID) writing the archive now; null when none is. */
  worker: string | null;
  /** Attempts of its job so far; only the latest may record the outcome. */
  attempts: number;
}

export interface TempSelectionsTable {
  id: string;
  user_id: string;
  /** JSON array of photo ids. */
  photo_ids: string;
  created: string;
}

/** Photos of a legacy account waiting for activation (docs/product.md#states); imported by POST /users/activate. */
export interface LegacyPhotosTable {
  id: string;
  user_id: string;
  local_file_name: string;
  content_hash: string;
  mime_type: string;
  created: string;
}

/**
 * One photo entering (`added`) or leaving (`removed`) a user's library (migration 0020): the
 * change feed the desktop export follows. `seq` counts up per user, written under a per-user
 * lock, so a reader never sees a later number before an earlier one.
 */
export interface PhotoChangesTable {
  user_id: string;
  /** PostgreSQL's bigint comes back as a string: read it with `Number()`. */
  seq: number | string;
  photo_id: string;
  kind: 'added' | 'removed';
}

export interface PhotosTables {
  photos: PhotosTable;
  photo_month_counts: PhotoMonthCountsTable;
  albums: AlbumsTable;
  album_participants: AlbumParticipantsTable;
  album_photos: AlbumPhotosTable;
  downloads: DownloadsTable;
  temp_selections: TempSelectionsTable;
  legacy_photos: LegacyPhotosTable;
  photo_changes: PhotoChangesTable;
}
