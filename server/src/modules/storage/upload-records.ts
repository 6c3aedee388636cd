import { Upload } from '@tus/server';
import type { KvStore } from '@tus/server';
import type { Db } from '../../db/database.ts';
import { findUpload } from './storage-repository.ts';

/**
 * tus's record of an upload (its size, metadata and creation date) read from the upload's row
 * in `uploads` instead of a `.json` file beside its bytes. The service writes that row before tus
 * creates the upload (`onUploadCreate`) and it holds everything tus keeps, so the file was a
 * second copy: writing it, reading it back when the upload completed and removing it again were
 * 9 of the 24 file operations of a photo's upload, on the server's busiest thread
 * (docs/architecture.md "Uploads (tus)").
 *
 * Every row is a record; once an upload's bytes are gone (finished, refused, expired) the store
 * answers it as unknown (`HashingFileStore.getUpload`), as tus did when the `.json` file went
 * with them. Expiry goes by the rows (`UploadService.cleanUpExpiredUploads`), so there is no
 * `list`.
 */
export class UploadRecords implements KvStore<Upload> {
  constructor(private readonly db: Db) {}

  async get(id: string): Promise<Upload | undefined> {
    const row = await findUpload(this.db, id);
    if (!row) return undefined;
    return new Upload({
      id,
      size: row.size,
      offset: 0,
      metadata: {
        filename: row.file_name,
        filetype: row.file_type,
        checksum: row.checksum,
        albumId: row.album_id,
      },
      creation_date: row.created,
    });
  }

  /** The row was written with the upload's creation, and this server never changes a length. */
  async set(): Promise<void> {}

  /** The row goes with the upload (termination, expiry) or stays as its history. */
  async delete(): Promise<void> {}
}
