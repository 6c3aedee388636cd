import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { Db } from '../../db/database.ts';
import type { PhotosTable } from '../../db/tables/photos.ts';
import { HttpError } from '../../http/http-error.ts';
import type { ContentStore } from '../../storage/content-store.ts';
import type { ProcessedImage } from '../../storage/image-processing.ts';
import { InvalidImageError, processImage } from '../../storage/image-processing.ts';
import { addAlbumPhotos, findAlbumAccess } from './albums-repository.ts';
import { photoCard } from './photo-card.ts';
import { dateFields, insertPhotos, unreferencedHashes } from './photos-repository.ts';

export interface IngestInput {
  userId: string;
  /** A temp file in the store's tmp dir, already hashed; removed by this function. */
  tempPath: string;
  hash: string;
  size: number;
  localFileName: string;
  /** Own album, or a shared album the user participates in. */
  albumId?: string;
  uploadStart: string;
  /** Field named in a 400 when the bytes are not an accepted image. */
  field: string;
}

/** Builds the photo row of processed image bytes. */
export function photoRow(
  image: ProcessedImage,
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
  const [small, medium, large] = image.thumbnails;
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
 * Turns an uploaded temp file into a stored photo: decode + thumbnails, move into the
 * content-addressed store, then one transaction for the row, month count and album link.
 * Whatever fails, the temp file is gone and files this call added are removed again, so a
 * failed upload leaves no row and no orphan file.
 */
export async function ingestUpload(
  db: Db,
  store: ContentStore,
  input: IngestInput,
): Promise<PhotosTable> {
  let createdFiles = false;
  try {
    const buffer = await readFile(input.tempPath);
    let image: ProcessedImage;
    try {
      image = await processImage(buffer);
    } catch (error) {
      if (error instanceof InvalidImageError) throw new HttpError(400, error.message, input.field);
      throw error;
    }
    createdFiles = await store.commit(input.hash, input.tempPath, image.thumbnails);
    const now = new Date().toISOString();
    const row = photoRow(image, {
      id: randomUUID(),
      userId: input.userId,
      uploadId: randomUUID(),
      localFileName: input.localFileName,
      hash: input.hash,
      size: input.size,
      created: input.uploadStart,
      uploadEnd: now,
    });
    await db.transaction().execute(async (trx) => {
      await insertPhotos(trx, [row]);
      if (input.albumId) {
        const access = await findAlbumAccess(trx, input.userId, input.albumId);
        if (!access || (access.role === 'participant' && access.album.is_shared !== 1)) {
          throw new HttpError(404, 'Album not found', 'body.albumId');
        }
        await addAlbumPhotos(trx, input.albumId, input.userId, [row.id]);
      }
    });
    return row;
  } catch (error) {
    if (createdFiles && (await unreferencedHashes(db, [input.hash])).length > 0)
      await store.remove(input.hash);
    throw error;
  } finally {
    await rm(input.tempPath, { force: true });
  }
}
