import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Download } from '@photo/core/api/schemas/download';
import type { ArchivePushMessage } from '@photo/core/api/schemas/push';
import { ARCHIVE_KEYS } from '@photo/core/api/schemas/push';
import type { Db } from '../../db/database.ts';
import type { DownloadsTable } from '../../db/tables/photos.ts';
import type { ContentStore } from '../../storage/content-store.ts';
import { downloadFileName } from '../../storage/file-names.ts';
import {
  downloadsFinishedBefore,
  failPendingDownloads,
  finishDownload,
  insertDownload,
  markDownloadsExpired,
} from './downloads-repository.ts';
import type { PhotoFile } from './photos-repository.ts';

export interface Publisher {
  publish(userId: string, message: unknown): unknown;
}

export function presentDownload(row: DownloadsTable): Download {
  return {
    id: row.id,
    name: row.name,
    photos: JSON.parse(row.photo_ids) as string[],
    status: row.status,
    created: row.created,
  };
}

/**
 * `name.jpg`, `name (1).jpg`, … so no zip entry overwrites another; `name` is a cleaned file
 * name (`downloadFileName`), so it holds no path and nothing that would disguise it.
 */
export function uniqueEntryName(name: string, used: Set<string>): string {
  const safe = name.replace(/[\\/]/g, '_') || 'photo';
  let candidate = safe;
  const dot = safe.lastIndexOf('.');
  const stem = dot > 0 ? safe.slice(0, dot) : safe;
  const ext = dot > 0 ? safe.slice(dot) : '';
  for (let n = 1; used.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${ext}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Download archives: a job row, then a zip written in store mode (photos are already
 * compressed) streamed to `DATA_DIR/archives/{id}.zip` in the background, with push messages
 * for start, finish and error. Ready archives are deleted `ttlSeconds` after they finish.
 */
export class ArchiveService {
  private readonly db: Db;
  private readonly store: ContentStore;
  private readonly push: Publisher;
  private readonly dir: string;
  private readonly ttlSeconds: number;
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<void>>();

  constructor(options: {
    db: Db;
    store: ContentStore;
    push: Publisher;
    dir: string;
    ttlSeconds: number;
  }) {
    this.db = options.db;
    this.store = options.store;
    this.push = options.push;
    this.dir = options.dir;
    this.ttlSeconds = options.ttlSeconds;
  }

  archivePath(id: string): string {
    return path.join(this.dir, `${id}.zip`);
  }

  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await failPendingDownloads(this.db);
    await this.cleanup();
    const every = Math.max(1000, Math.min(60_000, (this.ttlSeconds * 1000) / 2));
    this.timer = setInterval(() => void this.cleanup().catch(() => undefined), every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running]);
  }

  /** Deletes archives older than the TTL and marks their jobs expired. */
  async cleanup(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - this.ttlSeconds * 1000).toISOString();
    const old = await downloadsFinishedBefore(this.db, cutoff);
    for (const id of old) {
      await rm(this.archivePath(id), { force: true });
      await rm(`${this.archivePath(id)}.part`, { force: true });
    }
    await markDownloadsExpired(this.db, old);
    return old.length;
  }

  /** Creates the job and starts writing the zip; `photos` were checked readable by the caller. */
  async create(userId: string, name: string, photos: readonly PhotoFile[]): Promise<Download> {
    const row: DownloadsTable = {
      id: randomUUID(),
      user_id: userId,
      name,
      status: 'pending',
      photo_ids: JSON.stringify(photos.map((photo) => photo.id)),
      created: new Date().toISOString(),
      finished_at: null,
      error: null,
    };
    await insertDownload(this.db, row);
    const job = this.run(row, photos).finally(() => this.running.delete(job));
    this.running.add(job);
    return presentDownload(row);
  }

  private message(
    key: ArchivePushMessage['key'],
    userId: string,
    downloadId: string,
  ): ArchivePushMessage {
    return {
      id: randomUUID(),
      timestamp: new Date().toISOString(),
      key,
      message: { userId, downloadId },
    };
  }

  private async run(row: DownloadsTable, photos: readonly PhotoFile[]): Promise<void> {
    // Let the POST answer first, so the client knows the id before the first push message.
    await new Promise((resolve) => setImmediate(resolve));
    this.push.publish(row.user_id, this.message(ARCHIVE_KEYS.started, row.user_id, row.id));
    const part = `${this.archivePath(row.id)}.part`;
    try {
      const zip = new yazl.ZipFile();
      const used = new Set<string>();
      for (const photo of photos) {
        zip.addFile(
          this.store.originalPath(photo.contentHash),
          uniqueEntryName(downloadFileName(photo.localFileName, photo.mimeType), used),
          {
            compress: false,
            mtime: new Date(photo.created),
          },
        );
      }
      zip.end();
      // yazl reports unreadable inputs on the ZipFile, not on its output stream.
      await new Promise<void>((resolve, reject) => {
        zip.once('error', reject);
        pipeline(zip.outputStream, createWriteStream(part)).then(resolve, reject);
      });
      await rename(part, this.archivePath(row.id));
      await finishDownload(this.db, row.id, { status: 'ready' });
      this.push.publish(row.user_id, this.message(ARCHIVE_KEYS.finished, row.user_id, row.id));
    } catch (error) {
      await rm(part, { force: true });
      await finishDownload(this.db, row.id, {
        status: 'failed',
        error: String((error as Error).message ?? error),
      }).catch(() => undefined);
      this.push.publish(row.user_id, this.message(ARCHIVE_KEYS.error, row.user_id, row.id));
    }
  }
}
