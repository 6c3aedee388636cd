import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';
import type { Upload } from '@tus/server';

/** Uploads whose running hash is kept at once; past this the oldest are forgotten. */
const MAX_KEPT = 10_000;

/**
 * tus's file store that also hashes the bytes as they are written, so the SHA-256 check of a
 * completed upload needs no second read of the file: on the upload benchmark that re-read and
 * hash was a third of the completing request. The running hash of an upload is kept in memory
 * while its PATCHes follow one another on this process; a write that fails, or starts at
 * another offset (a resume after a restart, a PATCH served by another instance), forgets it,
 * and {@link takeHash} then answers undefined: the caller hashes the file instead.
 *
 * It writes as `FileStore` does (the upload's file opened at the offset), with the hashing and
 * the byte count in one stream step: the store's own counting step and an async generator in
 * front of it cost about 0.4 ms of CPU a 2.7 MB photo (their promises and hand-offs, 42 times
 * a photo) on the process's one JavaScript thread, which the benchmark found busy.
 */
export class HashingFileStore extends FileStore {
  private readonly hashes = new Map<string, { hash: Hash; offset: number }>();

  override async write(
    readable: IncomingMessage | Readable,
    id: string,
    offset: number,
  ): Promise<number> {
    const kept = this.hashes.get(id);
    this.hashes.delete(id);
    const running =
      offset === 0 ? createHash('sha256') : kept?.offset === offset ? kept.hash : null;
    // Upload ids are UUIDs (the service names them); anything else never reaches a path.
    if (!/^[\w-]+$/.test(id)) throw ERRORS.FILE_NOT_FOUND;
    let received = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        running?.update(chunk);
        received += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(
        readable,
        counting,
        createWriteStream(path.join(this.directory, id), { flags: 'r+', start: offset }),
      );
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    const written = offset + received;
    // Every byte hashed reached the file: keep the hash for the next write or the check.
    if (running) {
      if (this.hashes.size >= MAX_KEPT) this.hashes.delete(this.hashes.keys().next().value!);
      this.hashes.set(id, { hash: running, offset: written });
    }
    return written;
  }

  /**
   * The upload as tus knows it. Its record is the upload's row (`upload-records.ts`), which
   * outlives its bytes: an upload whose file is gone (finished, refused, expired) is answered
   * unknown (404), as when the record was a file removed with them, not 410.
   */
  override async getUpload(id: string): Promise<Upload> {
    try {
      return await super.getUpload(id);
    } catch (error) {
      if (error === ERRORS.FILE_NO_LONGER_EXISTS) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
  }

  /** The SHA-256 hex of an upload's first `size` bytes when hashed while written; forgets it. */
  takeHash(id: string, size: number): string | undefined {
    const kept = this.hashes.get(id);
    this.hashes.delete(id);
    return kept?.offset === size ? kept.hash.digest('hex') : undefined;
  }

  /** Forgets an upload's running hash (removed, expired). */
  forget(id: string): void {
    this.hashes.delete(id);
  }
}
