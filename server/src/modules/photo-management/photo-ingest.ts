import { randomUUID } from 'node:crypto';
import { lockForTransaction } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import type { PhotosTable } from '../../db/tables/photos.ts';
import { HttpError } from '../../http/http-error.ts';
import { removeFile } from '../../storage/content-store.ts';
import type { ContentStore } from '../../storage/content-store.ts';
import type { ImageInfo } from '../../storage/image-processing.ts';
import type { ImageQueue } from '../../storage/image-queue.ts';
import { recordThumbnailJob } from '../../storage/thumbnail-jobs.ts';
import type { ThumbnailJobs } from '../../storage/thumbnail-jobs.ts';
import { addAlbumPhotos, findAlbumAccess } from './albums-repository.ts';
import { photoCard } from './photo-card.ts';
import type { PhotoRow } from './photo-presenter.ts';
import {
  dateFields,
  getOwnPhoto,
  insertPhotos,
  ownPhotoIdsByHash,
  unreferencedHashes,
} from './photos-repository.ts';

export interface IngestInput {
  userId: string;
  /** A temp file in the store's tmp dir, already hashed; removed by this function. */
  tempPath: string;
  /** SHA-256 hex of the file's bytes. */
  hash: string;
  size: number;
  /** Already cleaned (`cleanFileName`). */
  localFileName: string;
  /** Own album, or a shared album the user participates in. */
  albumId?: string;
  /** The upload the bytes came with; a fresh id when there is none (multipart). */
  uploadId?: string;
  uploadStart: string;
  /** Field named in the 404 when the album is not the user's to add to. */
  albumField: string;
}

/** A new photo, or the user's photo with the same bytes (nothing was stored again). */
export interface IngestOutcome {
  status: 'created' | 'duplicate';
  row: PhotoRow;
}

/** The services an ingest runs on (the photo module's context has them all). */
export interface IngestDeps {
  db: Db;
  store: ContentStore;
  images: ImageQueue;
  thumbnails: ThumbnailJobs;
}

/** Builds the photo row of an inspected image (its thumbnails' sizes are known from the header). */
export function photoRow(
  image: ImageInfo,
  fields: {
    id: string;
    userId: string;
    uploadId: string;
    localFileName: string;
    hash: string;
    size: number;
    created: string;
    uploadEnd: string;
  },
): PhotosTable {
  const [small, medium, large] = image.thumbnailSizes;
  if (!small || !medium || !large) throw new Error('three thumbnails expected');
  const row: PhotosTable = {
    id: fields.id,
    user_id: fields.userId,
    upload_id: fields.uploadId,
    local_file_name: fields.localFileName,
    content_hash: fields.hash,
    mime_type: image.mimeType,
    byte_size: fields.size,
    visible_width: image.visibleWidth,
    visible_height: image.visibleHeight,
    thumb_s_w: small.width,
    thumb_s_h: small.height,
    thumb_m_w: medium.width,
    thumb_m_h: medium.height,
    thumb_l_w: large.width,
    thumb_l_h: large.height,
    ...dateFields(image.dateTaken),
    created: fields.created,
    upload_end: fields.uploadEnd,
    card: null,
  };
  return { ...row, card: photoCard(row) };
}

/**
 * The album an upload joins, if the user may add to it (own, or a shared album they take
 * part in); a 404 naming `field` otherwise.
 */
export async function checkUploadAlbum(
  db: Db,
  userId: string,
  albumId: string,
  field: string,
): Promise<void> {
  const access = await findAlbumAccess(db, userId, albumId);
  if (!access || (access.role === 'participant' && access.album.is_shared !== 1))
    throw new HttpError(404, 'Album not found', field);
}

/**
 * The user's photo with these bytes, if any, put into `albumId` as well when one is given:
 * the duplicate answer of docs/product.md#upload (skipped, and joins the target album).
 */
export async function existingPhoto(
  db: Db,
  userId: string,
  hash: string,
  album?: { albumId: string; field: string },
): Promise<PhotoRow | undefined> {
  const photoId = (await ownPhotoIdsByHash(db, userId, [hash])).get(hash);
  if (!photoId) return undefined;
  if (album) {
    await db.transaction().execute(async (trx) => {
      await checkUploadAlbum(trx, userId, album.albumId, album.field);
      await addAlbumPhotos(trx, album.albumId, userId, [photoId]);
    });
  }
  return getOwnPhoto(db, userId, photoId);
}

/**
 * Turns an uploaded temp file into a stored photo (docs/product.md#upload). When the user
 * already has these bytes nothing is checked or stored: the answer is that photo, added to
 * the target album. Otherwise: the header check through the image queue (kind by magic bytes,
 * pixel limits, size, rotation, date; no decode), the original moved into the
 * content-addressed store, then one transaction for the row, month count, album link and
 * thumbnail job (checking for the same bytes again, in case an identical upload finished
 * meanwhile); the thumbnails follow from the background queue (`ThumbnailJobs`). Whatever
 * fails, the temp file is gone and files this call added are removed again, so a failed upload
 * leaves no row and no orphan file. Bytes that are not an acceptable image throw
 * `InvalidImageError` for the caller to word.
 */
export async function ingestUpload(deps: IngestDeps, input: IngestInput): Promise<IngestOutcome> {
  const { db, store, images, thumbnails } = deps;
  const album = input.albumId ? { albumId: input.albumId, field: input.albumField } : undefined;
  let createdFiles = false;
  try {
    const existing = await existingPhoto(db, input.userId, input.hash, album);
    if (existing) return { status: 'duplicate', row: existing };
    if (album) await checkUploadAlbum(db, input.userId, album.albumId, album.field);

    const image = await images.inspect(input.tempPath);
    createdFiles = await store.commitOriginal(input.hash, input.tempPath);
    const row = photoRow(image, {
      id: randomUUID(),
      userId: input.userId,
      uploadId: input.uploadId ?? randomUUID(),
      localFileName: input.localFileName,
      hash: input.hash,
      size: input.size,
      created: input.uploadStart,
      uploadEnd: new Date().toISOString(),
    });
    const raced = await db.transaction().execute(async (trx) => {
      // Two uploads of the same bytes at once: the second sees the first's photo.
      await lockForTransaction(trx, `photo-bytes:${input.userId}:${input.hash}`);
      const sameBytes = (await ownPhotoIdsByHash(trx, input.userId, [input.hash])).get(input.hash);
      if (sameBytes) return sameBytes;
      await insertPhotos(trx, [row]);
      await recordThumbnailJob(trx, input.hash);
      if (album) {
        await checkUploadAlbum(trx, input.userId, album.albumId, album.field);
        await addAlbumPhotos(trx, album.albumId, input.userId, [row.id]);
      }
      return undefined;
    });
    if (raced) {
      const other = await existingPhoto(db, input.userId, input.hash, album);
      if (other) return { status: 'duplicate', row: other };
    }
    void thumbnails.enqueue(input.hash);
    return { status: 'created', row };
  } catch (error) {
    if (createdFiles && (await unreferencedHashes(db, [input.hash])).length > 0)
      await store.remove(input.hash);
    throw error;
  } finally {
    await removeFile(input.tempPath);
  }
}
