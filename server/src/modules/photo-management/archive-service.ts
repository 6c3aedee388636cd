import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import yazl from 'yazl';
import type { Download } from '@photo/core/api/schemas/download';
import type { ArchivePushMessage } from '@photo/core/api/schemas/push';
import { ARCHIVE_KEYS } from '@photo/core/api/schemas/push';
import type { Db } from '../../db/database.ts';
import type { DownloadsTable } from '../../db/tables/photos.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ContentStore } from '../../storage/content-store.ts';
import { downloadFileName } from '../../storage/file-names.ts';
import {
  claimDownload,
  downloadsFinishedBefore,
  failPendingDownloads,
  finishDownload,
  insertDownload,
  markDownloadsExpired,
  releaseDownload,
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

/** The job that writes one archive; `photos` were checked readable when it was asked for. */
export interface ArchiveJob {
  downloadId: string;
  userId: string;
  photos: PhotoFile[];
}

export const ARCHIVE_JOB = 'archive';
export const ARCHIVE_CLEANUP_JOB = 'archive-cleanup';

export interface ArchiveServiceOptions {
  db: Db;
  store: ContentStore;
  push: Publisher;
  jobs: JobQueue;
  dir: string;
  ttlSeconds: number;
  /** Recorded on the archive while this process writes it (INSTANCE_ID). */
  instanceId: string;
  /** Tests only (ARCHIVE_ENTRY_DELAY_MS): a pause after each entry, to catch a job mid-way. */
  entryDelayMs?: number;
  /** Retries of a failed archive job (default 2). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/**
 * Download archives: a row, then a job of the job queue that writes the zip in store mode
 * (photos are already compressed) to `DATA_DIR/archives/{id}.zip`, with push messages for
 * start, finish and error. Ready archives are deleted `ttlSeconds` after they finish, by a
 * scheduled job (once per cluster).
 *
 * Delivery is at least once (a job whose instance died runs again elsewhere), so the job is
 * idempotent: each attempt writes to its own temporary name and renames it to the one final
 * path, so a reader never sees a partial zip and a retry never leaves a second one; an attempt
 * first removes the temporary files of earlier ones; a zip already in place is simply
 * recorded; and only the latest attempt may record the outcome.
 */
export class ArchiveService {
  private readonly db: Db;
  private readonly store: ContentStore;
  private readonly push: Publisher;
  private readonly jobs: JobQueue;
  private readonly dir: string;
  private readonly ttlSeconds: number;
  private readonly instanceId: string;
  private readonly entryDelayMs: number;
  private readonly retryLimit: number;
  private readonly retryDelaySeconds: number;
  private readonly running = new Set<Promise<void>>();

  constructor(options: ArchiveServiceOptions) {
    this.db = options.db;
    this.store = options.store;
    this.push = options.push;
    this.jobs = options.jobs;
    this.dir = options.dir;
    this.ttlSeconds = options.ttlSeconds;
    this.instanceId = options.instanceId;
    this.entryDelayMs = options.entryDelayMs ?? 0;
    this.retryLimit = options.retryLimit ?? 2;
    this.retryDelaySeconds = options.retryDelaySeconds ?? 2;
  }

  archivePath(id: string): string {
    return path.join(this.dir, `${id}.zip`);
  }

  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    // The in-process queue died with the last process: its pending archives never finish.
    // On PostgreSQL the queue still holds them and they are retried.
    if (this.jobs.kind === 'in-process') await failPendingDownloads(this.db);
    await this.jobs.define<ArchiveJob>(ARCHIVE_JOB, (data, job) => this.write(data, job.attempt), {
      retryLimit: this.retryLimit,
      retryDelaySeconds: this.retryDelaySeconds,
      concurrency: 2,
    });
    await this.jobs.define(ARCHIVE_CLEANUP_JOB, async () => void (await this.cleanup()), {
      retryLimit: 0,
    });
    await this.jobs.schedule(
      ARCHIVE_CLEANUP_JOB,
      Math.max(1, Math.min(60, Math.floor(this.ttlSeconds / 2))),
    );
  }

  /** Waits for the archives this process is writing. */
  async stop(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /** Deletes archives older than the TTL and marks their jobs expired. */
  async cleanup(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - this.ttlSeconds * 1000).toISOString();
    const old = await downloadsFinishedBefore(this.db, cutoff);
    for (const id of old) {
      await rm(this.archivePath(id), { force: true });
      await this.removeTemporary(id);
    }
    await markDownloadsExpired(this.db, old);
    return old.length;
  }

  /** Creates the row and queues the job that writes the zip. */
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
      worker: null,
      attempts: 0,
    };
    await insertDownload(this.db, row);
    await this.jobs.send<ArchiveJob>(ARCHIVE_JOB, {
      downloadId: row.id,
      userId,
      photos: [...photos],
    });
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

  /** Temporary files of attempts at `id` (`{id}.{attempt id}.part`), this one's excepted. */
  private async removeTemporary(id: string, keep?: string): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith(`${id}.`) && name.endsWith('.part') && name !== keep)
        await rm(path.join(this.dir, name), { force: true });
    }
  }

  private write(job: ArchiveJob, attempt: number): Promise<void> {
    const run = this.attempt(job, attempt);
    const tracked = run.catch(() => undefined).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    return run;
  }

  private async attempt(
    { downloadId, userId, photos }: ArchiveJob,
    attempt: number,
  ): Promise<void> {
    // Let the POST answer first, so the client knows the id before the first push message.
    await new Promise((resolve) => setImmediate(resolve));
    const row = await claimDownload(this.db, downloadId, this.instanceId, attempt);
    // Gone (the account was deleted) or expired: nothing to write.
    if (!row || row.status === 'expired' || row.status === 'failed') return;
    const final = this.archivePath(downloadId);
    if (row.status === 'ready') {
      // An earlier attempt finished and recorded it; its ack was lost.
      this.push.publish(userId, this.message(ARCHIVE_KEYS.finished, userId, downloadId));
      return;
    }
    if (attempt === 1)
      this.push.publish(userId, this.message(ARCHIVE_KEYS.started, userId, downloadId));
    const partName = `${downloadId}.${randomUUID()}.part`;
    const part = path.join(this.dir, partName);
    try {
      // A dead attempt's leftovers go; an attempt that renamed its zip before dying is done.
      await this.removeTemporary(downloadId);
      const renamed = await access(final).then(
        () => true,
        () => false,
      );
      if (!renamed) {
        await this.zip(photos, part);
        await rename(part, final);
      }
      if (await finishDownload(this.db, downloadId, { status: 'ready' }, attempt))
        this.push.publish(userId, this.message(ARCHIVE_KEYS.finished, userId, downloadId));
    } catch (error) {
      await rm(part, { force: true });
      if (attempt <= this.retryLimit) {
        await releaseDownload(this.db, downloadId, attempt).catch(() => undefined);
        throw error; // the queue tries again after a pause
      }
      const recorded = await finishDownload(
        this.db,
        downloadId,
        { status: 'failed', error: String((error as Error).message ?? error) },
        attempt,
      ).catch(() => false);
      if (recorded) this.push.publish(userId, this.message(ARCHIVE_KEYS.error, userId, downloadId));
    }
  }

  private async zip(photos: readonly PhotoFile[], file: string): Promise<void> {
    const zip = new yazl.ZipFile();
    // yazl reports unreadable inputs on the ZipFile, not on its output stream.
    const written = new Promise<void>((resolve, reject) => {
      zip.once('error', reject);
      pipeline(zip.outputStream, createWriteStream(file)).then(resolve, reject);
    });
    written.catch(() => undefined);
    const used = new Set<string>();
    for (const photo of photos) {
      zip.addFile(
        this.store.originalPath(photo.contentHash),
        uniqueEntryName(downloadFileName(photo.localFileName, photo.mimeType), used),
        { compress: false, mtime: new Date(photo.created) },
      );
      if (this.entryDelayMs > 0) await sleep(this.entryDelayMs);
    }
    zip.end();
    await written;
  }
}
