import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { THUMBNAIL_SIZES } from '@photo/core/api/schemas/photo';

export interface StoredTemp {
  path: string;
  hash: string;
  size: number;
}

/**
 * Content-addressed photo storage on local disk (`DATA_DIR/storage`): originals under
 * `originals/ab/<sha256>`, thumbnails under `thumbnails/ab/<sha256>-<size>.jpg`. Equal bytes
 * are stored once. Files land in `tmp/` first and are renamed into place, so a half-written
 * upload never appears under its hash. This class is the seam for S3-compatible storage.
 */
export class ContentStore {
  readonly root: string;
  private readonly tmpDir: string;

  constructor(root: string) {
    this.root = root;
    this.tmpDir = path.join(root, 'tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
  }

  originalPath(hash: string): string {
    return path.join(this.root, 'originals', hash.slice(0, 2), hash);
  }

  thumbnailPath(hash: string, size: number): string {
    return path.join(this.root, 'thumbnails', hash.slice(0, 2), `${hash}-${size}.jpg`);
  }

  tempPath(): string {
    return path.join(this.tmpDir, randomUUID());
  }

  /** Streams `source` to a temp file while hashing it. The caller removes the temp file. */
  async writeTemp(source: Readable): Promise<StoredTemp> {
    const tempPath = this.tempPath();
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(source, tap, createWriteStream(tempPath));
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    return { path: tempPath, hash: hash.digest('hex'), size };
  }

  /** Removes temp files last written before `before` (epoch ms): leftovers of a crash. */
  async removeStaleTemp(before: number): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.tmpDir).catch(() => [] as string[])) {
      const file = path.join(this.tmpDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile() && info.mtimeMs < before) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async exists(hash: string): Promise<boolean> {
    return stat(this.originalPath(hash)).then(
      () => true,
      () => false,
    );
  }

  /**
   * Moves a temp original and its thumbnails into place. Returns whether this call created
   * them (false when the same content was already stored), so a failed DB write can undo
   * exactly what it added.
   */
  async commit(
    hash: string,
    tempOriginal: string,
    thumbnails: ReadonlyArray<{ size: number; data: Buffer }>,
  ): Promise<boolean> {
    if (await this.exists(hash)) {
      await rm(tempOriginal, { force: true });
      // Legacy originals are stored without thumbnails until they are imported.
      await this.writeThumbnails(hash, thumbnails, true);
      return false;
    }
    await this.writeThumbnails(hash, thumbnails, false);
    await mkdir(path.dirname(this.originalPath(hash)), { recursive: true });
    // The original goes last: its presence means "complete" to `exists`.
    await rename(tempOriginal, this.originalPath(hash));
    return true;
  }

  /**
   * Moves a temp original into place without thumbnails (they follow from the thumbnail jobs).
   * Returns whether this call stored it (false when the same content was already there).
   */
  async commitOriginal(hash: string, tempOriginal: string): Promise<boolean> {
    if (await this.exists(hash)) {
      await rm(tempOriginal, { force: true });
      return false;
    }
    await mkdir(path.dirname(this.originalPath(hash)), { recursive: true });
    await rename(tempOriginal, this.originalPath(hash));
    return true;
  }

  /** The thumbnail sizes of `hash` not on disk (yet). */
  async missingThumbnails(hash: string): Promise<number[]> {
    const present = await Promise.all(
      THUMBNAIL_SIZES.map((size) =>
        stat(this.thumbnailPath(hash, size)).then(
          () => true,
          () => false,
        ),
      ),
    );
    return THUMBNAIL_SIZES.filter((_, index) => !present[index]);
  }

  private async writeThumbnails(
    hash: string,
    thumbnails: ReadonlyArray<{ size: number; data: Buffer }>,
    onlyMissing: boolean,
  ): Promise<void> {
    await mkdir(path.dirname(this.thumbnailPath(hash, 300)), { recursive: true });
    for (const thumbnail of thumbnails) {
      const target = this.thumbnailPath(hash, thumbnail.size);
      if (
        onlyMissing &&
        (await stat(target).then(
          () => true,
          () => false,
        ))
      )
        continue;
      const tmp = this.tempPath();
      await writeFile(tmp, thumbnail.data);
      await rename(tmp, target);
    }
  }

  /** Thumbnails of an original already stored (the legacy import), those not there yet. */
  async addThumbnails(
    hash: string,
    thumbnails: ReadonlyArray<{ size: number; data: Buffer }>,
  ): Promise<void> {
    await this.writeThumbnails(hash, thumbnails, true);
  }

  /** Stores bytes that are already in memory (seed, tests). */
  async put(
    hash: string,
    original: Buffer,
    thumbnails: ReadonlyArray<{ size: number; data: Buffer }>,
  ): Promise<boolean> {
    const tmp = this.tempPath();
    await writeFile(tmp, original);
    return this.commit(hash, tmp, thumbnails);
  }

  async remove(hash: string): Promise<void> {
    await rm(this.originalPath(hash), { force: true });
    await Promise.all(
      THUMBNAIL_SIZES.map((size) => rm(this.thumbnailPath(hash, size), { force: true })),
    );
  }

  openOriginal(hash: string): Readable {
    return createReadStream(this.originalPath(hash));
  }
}

export function sha256(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex');
}

/**
 * Removes a file if it is there: one `unlink`, where `rm` first looks the path up (`lstat`) to
 * tell files from folders; an upload removes three files this way.
 */
export async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** SHA-256 hex of a file, streamed (never the whole file in memory). */
export async function sha256File(file: string): Promise<{ hash: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { hash: hash.digest('hex'), size };
}
