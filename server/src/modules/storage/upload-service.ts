import { randomUUID } from 'node:crypto';
import { copyFile, link, readdir, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { ERRORS, EVENTS, Server as TusServer } from '@tus/server';
import type { Locker, Upload as TusUpload } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type { Upload, UploadResult } from '@photo/core/api/schemas/upload';
import { uploadMetadataSchema } from '@photo/core/api/schemas/upload';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from '../../auth/users.ts';
import type { UploadsTable } from '../../db/tables/storage.ts';
import { errorBody, HttpError } from '../../http/http-error.ts';
import { removeFile, sha256File } from '../../storage/content-store.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { cleanFileName } from '../../storage/file-names.ts';
import { HashingFileStore } from './hashing-file-store.ts';
import { SharedUploadLocker } from './upload-locker.ts';
import { UploadRecords } from './upload-records.ts';
import { InvalidImageError } from '../../storage/image-processing.ts';
import type { PhotoContext } from '../photo-management/context.ts';
import { checkUploadAlbum, existingPhoto, ingestUpload } from '../photo-management/photo-ingest.ts';
import {
  deleteUpload,
  deleteUploads,
  expiredUploadIds,
  findOwnUpload,
  insertUpload,
  knownUploadIds,
  processingUploads,
  updateUploadStatus,
} from './storage-repository.ts';

export interface UploadServiceOptions {
  photos: Pick<PhotoContext, 'db' | 'store' | 'images' | 'thumbnails' | 'presenter'>;
  /** Full path of the tus endpoint, e.g. `/api/storage/files` (upload URLs are below it). */
  path: string;
  maxBytes: number;
  expirySeconds: number;
  cleanupIntervalSeconds: number;
  /** Runs the clean-up as a scheduled job: once per interval in the whole cluster. */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** One request at a time per upload, across instances (`upload-locker.ts`); default in-process. */
  locker?: Locker;
}

export const UPLOAD_CLEANUP_JOB = 'upload-cleanup';

/** An error tus sends as is: status and our error JSON. */
interface TusError {
  status_code: number;
  body: string;
}

const tusError = (status: number, message: string, field?: string, extra?: object): TusError => ({
  status_code: status,
  body: JSON.stringify({ ...errorBody(status, message, field), ...extra }),
});

/** The input each of tus's own refusals is about. */
const TUS_ERROR_FIELDS = new Map<unknown, string>([
  [ERRORS.MISSING_OFFSET, 'headers.upload-offset'],
  [ERRORS.INVALID_OFFSET, 'headers.upload-offset'],
  [ERRORS.INVALID_CONTENT_TYPE, 'headers.content-type'],
  [ERRORS.FILE_NOT_FOUND, 'params.id'],
  [ERRORS.FILE_NO_LONGER_EXISTS, 'params.id'],
  [ERRORS.INVALID_TERMINATION, 'params.id'],
  [ERRORS.ERR_SIZE_EXCEEDED, 'body'],
  [ERRORS.ERR_MAX_SIZE_EXCEEDED, 'headers.upload-length'],
  [ERRORS.INVALID_LENGTH, 'headers.upload-length'],
  [ERRORS.INVALID_METADATA, 'headers.upload-metadata'],
  [ERRORS.ABORTED, 'body'],
]);

const METADATA_FIELD = 'headers.upload-metadata';

/**
 * Resumable uploads (docs/product.md#upload) through `@tus/server` with `@tus/file-store`:
 * partial uploads live in `DATA_DIR/storage/uploads/` (one file per upload), each with a row in
 * `uploads` binding it to the user who created it, which is also tus's record of the upload
 * (`upload-records.ts`).
 *
 * - Requests reach tus only through {@link handle}, after `app.authenticate`; tus's
 *   `onIncomingRequest` then refuses any upload id that is not the caller's (404, as if it
 *   did not exist).
 * - `onUploadCreate` checks the metadata, the target album and the declared checksum: bytes
 *   the user already has are not sent at all (409 with the photo).
 * - A creation may carry the bytes (creation-with-upload: what the upload engine does for a new
 *   file of one chunk); when they are the whole file it is finished in that same request.
 * - `onUploadFinish` takes the SHA-256 of the received bytes (hashed while they were written,
 *   `hashing-file-store.ts`, or the file streamed again), compares it with the declared
 *   checksum and ingests it as a photo through the photo module's ingest (the header check,
 *   the same-bytes check, the album), answering the result in the completing response; the
 *   thumbnails follow from the background thumbnail queue (`storage/thumbnail-jobs.ts`).
 *   The file is hard-linked into the content store's temp folder for that, so tus can still
 *   read its upload until it has answered; the upload's own files go once it has.
 * - {@link cleanUpExpiredUploads} (at start and every `cleanupIntervalSeconds`, a scheduled
 *   job of the job queue, so one instance of a cluster does it) removes
 *   abandoned partial uploads with their rows, tus files nobody owns (an account deleted
 *   mid-upload), and stale temp files.
 */
export class UploadService {
  readonly tus: TusServer;
  private readonly files: HashingFileStore;
  private readonly photos: UploadServiceOptions['photos'];
  private readonly dir: string;
  private readonly expiryMs: number;
  private readonly cleanupIntervalMs: number;
  private readonly log: FastifyBaseLogger;
  private readonly users = new WeakMap<IncomingMessage, AuthUser>();
  private readonly background = new Set<Promise<unknown>>();
  private readonly jobs: JobQueue;
  private readonly locker: Locker | undefined;

  constructor(options: UploadServiceOptions) {
    this.photos = options.photos;
    this.dir = path.join(options.photos.store.root, 'uploads');
    this.expiryMs = options.expirySeconds * 1000;
    this.cleanupIntervalMs = options.cleanupIntervalSeconds * 1000;
    this.jobs = options.jobs;
    this.locker = options.locker;
    this.log = options.log;
    this.files = new HashingFileStore({
      directory: this.dir,
      expirationPeriodInMilliseconds: this.expiryMs,
      configstore: new UploadRecords(options.photos.db),
    });
    this.tus = new TusServer({
      path: options.path,
      datastore: this.files,
      maxSize: options.maxBytes,
      ...(options.locker ? { locker: options.locker } : {}),
      // Relative, so the upload URL never depends on the Host header or a proxy's scheme.
      relativeLocation: true,
      // Same-origin API (docs/conventions.md): no CORS headers.
      allowedOrigins: [],
      // Photos carry their upload's id, and ids are UUIDs (docs/conventions.md "Database").
      namingFunction: () => randomUUID(),
      onIncomingRequest: (req, id) => this.onIncomingRequest(req, id),
      onUploadCreate: (req, upload) => this.onUploadCreate(req, upload),
      onUploadFinish: (req, upload) => this.onUploadFinish(req, upload),
      onResponseError: (_req, error) => this.toErrorResponse(error),
    });
    // After tus has answered the completing request: the upload's files are no longer needed.
    this.tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => this.track(this.discard(upload.id)));
    this.tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) =>
      this.track(deleteUpload(this.photos.db, id)),
    );
  }

  /**
   * Cleans up once (one process: before the first request), then on an interval as a
   * scheduled job; carries on checks a stopped process left half done.
   */
  async start(): Promise<void> {
    if (this.jobs.kind === 'in-process') await this.cleanUpExpiredUploads();
    await this.jobs.define(
      UPLOAD_CLEANUP_JOB,
      async () => {
        const run = this.cleanUpExpiredUploads();
        this.track(run.catch(() => undefined));
        await run;
      },
      { retryLimit: 0 },
    );
    await this.jobs.schedule(UPLOAD_CLEANUP_JOB, this.cleanupIntervalMs / 1000);
    for (const row of await processingUploads(this.photos.db))
      this.track(this.resumeUnlessHeld(row));
  }

  /**
   * Another instance may be checking that upload right now (its completing request holds the
   * upload's lock across instances until the check ends): resuming it too would race its files.
   * An instance that died left no lock behind, so its half-done checks are taken over.
   */
  private async resumeUnlessHeld(row: UploadsTable): Promise<void> {
    const shared = this.locker instanceof SharedUploadLocker ? this.locker.store : undefined;
    if (shared && !(await shared.tryAcquire(row.id))) return;
    try {
      await this.resume(row);
    } finally {
      await shared?.release(row.id);
    }
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.background]);
  }

  /**
   * Hands a request to tus and sends its answer (`user` undefined: OPTIONS only). Every body
   * tus or our hooks answer is our error JSON or the upload result, labelled as JSON here
   * (tus's own answers would say text/plain).
   */
  async handle(req: IncomingMessage, res: ServerResponse, user?: AuthUser): Promise<void> {
    if (user) this.users.set(req, user);
    const response = await this.tus.handleWeb(new NodeRequest({ req, res }));
    if (response.body !== null)
      response.headers.set('Content-Type', 'application/json; charset=utf-8');
    await sendNodeResponse(res, response);
  }

  /** The record of an upload of `userId`, as the storage API shows it. */
  async present(row: UploadsTable): Promise<Upload> {
    const partial = row.status === 'uploading';
    const offset = partial
      ? await stat(this.filePath(row.id)).then(
          (info) => info.size,
          () => 0,
        )
      : row.size;
    return {
      uploadId: row.id,
      accountId: row.user_id,
      fileName: row.file_name,
      fileType: row.file_type,
      size: row.size,
      offset,
      checksum: row.checksum,
      albumId: row.album_id,
      status: row.status,
      photoId: row.photo_id,
      error: row.error,
      created: row.created,
      finished: row.finished,
      expires: partial ? new Date(Date.parse(row.created) + this.expiryMs).toISOString() : null,
    };
  }

  /**
   * Removes abandoned partial uploads (created more than `UPLOAD_EXPIRY_SECONDS` ago, by their
   * rows: tus's own records are those rows) with their rows, tus files without a row, the
   * `.json` records tus kept beside each file before the rows took their place, and temp files
   * of interrupted checks. Answers how many uploads it removed.
   */
  async cleanUpExpiredUploads(now = Date.now()): Promise<number> {
    const { db, store } = this.photos;
    const expired = await expiredUploadIds(db, new Date(now - this.expiryMs).toISOString());
    for (const id of expired) await this.discard(id);
    await deleteUploads(db, expired);
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith('.json')))
      await removeFile(path.join(this.dir, name));
    const ids = names.filter((name) => !name.endsWith('.json'));
    const known = await knownUploadIds(db, ids);
    const orphans = ids.filter((id) => !known.has(id));
    for (const id of orphans) await this.discard(id);
    await store.removeStaleTemp(now - this.expiryMs);
    return expired.length + orphans.length;
  }

  private filePath(id: string): string {
    return path.join(this.dir, id);
  }

  /** Removes an upload's bytes (never its row). */
  private async discard(id: string): Promise<void> {
    this.files.forget(id);
    if (!/^[\w-]+$/.test(id)) return;
    await removeFile(this.filePath(id));
  }

  private track(job: Promise<unknown>): void {
    const tracked = job
      .catch((error: unknown) => this.log.warn({ err: error }, 'upload housekeeping failed'))
      .finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }

  private userOf(req: Request): AuthUser {
    const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const user = node ? this.users.get(node) : undefined;
    if (!user) throw tusError(401, 'Missing Authorization header', 'headers.authorization');
    return user;
  }

  private async onIncomingRequest(req: Request, id: string): Promise<void> {
    const user = this.userOf(req);
    if (req.method === 'POST') return; // a new upload: `id` was just made up for it
    if (!(await findOwnUpload(this.photos.db, user.id, id)))
      throw tusError(404, 'Upload not found', 'params.id');
  }

  private async onUploadCreate(req: Request, upload: TusUpload): Promise<{ metadata?: never }> {
    const user = this.userOf(req);
    const { db, presenter } = this.photos;
    if (upload.size === undefined)
      throw tusError(400, 'Send Upload-Length: the size must be known', 'headers.upload-length');
    // A key sent without a value is parsed as null: the same as not sent.
    const sent = Object.fromEntries(
      Object.entries(upload.metadata ?? {}).filter(([, value]) => value !== null && value !== ''),
    );
    const parsed = uploadMetadataSchema.safeParse(sent);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = issue?.path[0];
      throw tusError(
        400,
        `Upload-Metadata ${key === undefined ? '' : `"${String(key)}" `}is missing or invalid: ${issue?.message ?? 'invalid'}`,
        key === undefined ? METADATA_FIELD : `${METADATA_FIELD}.${String(key)}`,
      );
    }
    const metadata = parsed.data;
    const fileName = cleanFileName(metadata.filename);
    const checksum = metadata.checksum.toLowerCase();
    const albumField = `${METADATA_FIELD}.albumId`;
    try {
      if (metadata.albumId) await checkUploadAlbum(db, user.id, metadata.albumId, albumField);
      // Bytes the user already has are not sent at all (and join the album all the same).
      const existing = await existingPhoto(
        db,
        user.id,
        checksum,
        metadata.albumId ? { albumId: metadata.albumId, field: albumField } : undefined,
      );
      if (existing) {
        throw tusError(
          409,
          `"${fileName}" is already in your photos`,
          `${METADATA_FIELD}.checksum`,
          {
            status: 'duplicate',
            photoId: existing.id,
            photo: presenter.present(existing, user.id),
          },
        );
      }
    } catch (error) {
      if (error instanceof HttpError) throw tusError(error.statusCode, error.message, error.field);
      throw error;
    }
    await insertUpload(db, {
      id: upload.id,
      user_id: user.id,
      file_name: fileName,
      file_type: metadata.filetype ?? null,
      checksum,
      size: upload.size,
      album_id: metadata.albumId ?? null,
      status: 'uploading',
      photo_id: null,
      error: null,
      created: new Date().toISOString(),
      finished: null,
    });
    return {};
  }

  private async onUploadFinish(
    req: Request,
    upload: TusUpload,
  ): Promise<{ status_code: number; headers: Record<string, string>; body: string }> {
    const user = this.userOf(req);
    const row = await findOwnUpload(this.photos.db, user.id, upload.id);
    if (!row) throw tusError(404, 'Upload not found', 'params.id');
    if (
      !(await updateUploadStatus(this.photos.db, row.id, ['uploading'], { status: 'processing' }))
    )
      throw tusError(409, 'This upload is already being checked', 'params.id');
    const result = await this.finish(row);
    return {
      // A creation that carried the whole file (creation-with-upload) stays a 201, which is
      // what makes tus send the upload's Location with it.
      status_code: req.method === 'POST' ? 201 : 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(result),
    };
  }

  /** Resumes a check the process was stopped in the middle of (the bytes are all there). */
  private async resume(row: UploadsTable): Promise<void> {
    const complete = await stat(this.filePath(row.id)).then(
      (info) => info.size === row.size,
      () => false,
    );
    if (!complete) {
      await updateUploadStatus(this.photos.db, row.id, ['processing'], {
        status: 'refused',
        error: 'The upload was interrupted; send the file again',
        finished: new Date().toISOString(),
      });
      await this.discard(row.id);
      return;
    }
    await this.finish(row).catch(() => undefined);
    await this.discard(row.id);
  }

  /**
   * Checks and ingests a complete upload in status `processing`, recording the outcome on its
   * row. Throws the refusal as a tus error (its files are removed then).
   */
  private async finish(row: UploadsTable): Promise<UploadResult> {
    const { db, store, presenter } = this.photos;
    const temp = store.tempPath();
    try {
      // A second name for the same bytes (no copy); a copy where links are not possible.
      await link(this.filePath(row.id), temp).catch(() => copyFile(this.filePath(row.id), temp));
      // Hashed while it arrived when its PATCHes all came to this process; else read again.
      const streamed = this.files.takeHash(row.id, row.size);
      const { hash, size } = streamed ? { hash: streamed, size: row.size } : await sha256File(temp);
      if (hash !== row.checksum)
        throw new HttpError(
          422,
          `The bytes received for "${row.file_name}" do not match its checksum; send it again`,
          `${METADATA_FIELD}.checksum`,
        );
      const outcome = await ingestUpload(this.photos, {
        userId: row.user_id,
        tempPath: temp,
        hash,
        size,
        localFileName: row.file_name,
        ...(row.album_id ? { albumId: row.album_id } : {}),
        uploadId: row.id,
        uploadStart: row.created,
        albumField: `${METADATA_FIELD}.albumId`,
      });
      await updateUploadStatus(db, row.id, ['processing'], {
        status: outcome.status,
        photo_id: outcome.row.id,
        finished: new Date().toISOString(),
      });
      return {
        uploadId: row.id,
        status: outcome.status,
        photoId: outcome.row.id,
        photo: presenter.present(outcome.row, row.user_id),
      };
    } catch (error) {
      await removeFile(temp);
      const refusal =
        error instanceof InvalidImageError
          ? { status: 415, message: error.forFile(row.file_name), field: 'body' }
          : error instanceof HttpError
            ? { status: error.statusCode, message: error.message, field: error.field }
            : {
                status: 500,
                message: `"${row.file_name}" could not be stored; send it again`,
                field: undefined,
              };
      if (refusal.status >= 500) this.log.error({ err: error, uploadId: row.id }, 'upload failed');
      await updateUploadStatus(db, row.id, ['processing'], {
        status: 'refused',
        error: refusal.message,
        finished: new Date().toISOString(),
      });
      await this.discard(row.id);
      throw tusError(refusal.status, refusal.message, refusal.field);
    }
  }

  /** Every error tus answers goes out as the API's error JSON (docs/conventions.md "API errors"). */
  private toErrorResponse(error: Error | TusError): TusError {
    const tus = error as Partial<TusError>;
    if (typeof tus.status_code === 'number' && typeof tus.body === 'string') {
      if (tus.body.startsWith('{')) return tus as TusError;
      if (tus.status_code < 500) {
        const known = [...TUS_ERROR_FIELDS.keys()].find(
          (candidate) => (candidate as TusError).body === tus.body,
        );
        return tusError(tus.status_code, tus.body.trim(), TUS_ERROR_FIELDS.get(known));
      }
    }
    this.log.error({ err: error }, 'upload request failed');
    const status = typeof tus.status_code === 'number' ? tus.status_code : 500;
    return tusError(status >= 500 && status < 600 ? status : 500, 'Internal Server Error');
  }
}
