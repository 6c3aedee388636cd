/**
 * The upload model, defined once for every host and every screen that shows uploads: a file's
 * id, states and failure kinds, the totals of a list and the order a long list is shown in. The
 * engine (upload-engine.ts) produces it, the desktop app's queue keeps it in its file and sends
 * it over IPC (the zod schemas below check it where it crosses), and the one upload list
 * (core/src/features/uploads/upload-file-list.tsx) shows it on the web and on the desktop.
 * Nothing here reads files or talks to a server.
 */
import { z } from 'zod/mini';

/**
 * A file's way: `waiting` → `checking` (hashing, then the duplicate check) → `uploading` →
 * `done`, or `duplicate` (the user already has these bytes: nothing is sent), or `failed` with a
 * reason. "Retry failed" sends failed files round again. `held`: waiting, but held back by its
 * source until released (the desktop's paused watched folder, docs/desktop.md); not sent, not
 * settled, and not "under way" either: a list of only held files is not uploading.
 */
export const UPLOAD_STATUSES = [
  'waiting',
  'held',
  'checking',
  'uploading',
  'done',
  'duplicate',
  'failed',
] as const;
export const uploadStatusSchema = z.enum(UPLOAD_STATUSES);
export type UploadItemStatus = z.infer<typeof uploadStatusSchema>;

/**
 * Why a file failed: `refused` (the server found no JPEG, PNG or HEIC in it), `too-large`
 * (above the server's upload limit), `checksum` (the bytes changed while sending), `unreadable`
 * (the host could not read the file), `missing` (the file is no longer where it was picked: a
 * host that reads from disk says so), `network` (no answer after every retry), `server` (any
 * other refusal, `message` says which), `cancelled`.
 */
export const UPLOAD_FAILURE_KINDS = [
  'refused',
  'too-large',
  'checksum',
  'unreadable',
  'missing',
  'network',
  'server',
  'cancelled',
] as const;
export const uploadFailureKindSchema = z.enum(UPLOAD_FAILURE_KINDS);
export type UploadFailureKind = z.infer<typeof uploadFailureKindSchema>;

export const uploadFailureSchema = z.object({
  kind: uploadFailureKindSchema,
  /** The server's message (English) or the error's, for logs; the UI words `kind` itself. */
  message: z.string().check(z.maxLength(2000)),
});
export type UploadFailure = z.infer<typeof uploadFailureSchema>;

/**
 * The id of a file in a list of uploads: the engine's own for the web dialog, the desktop
 * queue's entry id (a UUID) for files sent from disk. Lists, progress and retries go by it,
 * never by the file's name: two folders may each hold an IMG_0001.JPG.
 */
export const uploadItemIdSchema = z.string().check(z.minLength(1), z.maxLength(100));
export type UploadItemId = z.infer<typeof uploadItemIdSchema>;

/** What every list shows of one file, and what crosses IPC of it (never its path). */
export const uploadFileSchema = z.object({
  id: uploadItemIdSchema,
  name: z.string().check(z.maxLength(1000)),
  size: z.int().check(z.nonnegative()),
  status: uploadStatusSchema,
  /** Bytes the server holds (uploading), or hashed (checking). */
  sentBytes: z.number().check(z.nonnegative()),
  /** The photo this file became (`done`) or already was (`duplicate`). */
  photoId: z.nullable(z.string()),
  failure: z.nullable(uploadFailureSchema),
});
export type UploadFile = z.infer<typeof uploadFileSchema>;

export const uploadTotalsSchema = z.object({
  files: z.int().check(z.nonnegative()),
  waiting: z.int().check(z.nonnegative()),
  held: z.int().check(z.nonnegative()),
  checking: z.int().check(z.nonnegative()),
  uploading: z.int().check(z.nonnegative()),
  done: z.int().check(z.nonnegative()),
  duplicate: z.int().check(z.nonnegative()),
  failed: z.int().check(z.nonnegative()),
  /** Bytes of every file. */
  totalBytes: z.number().check(z.nonnegative()),
  /** Bytes accounted for: sent, or not to be sent (done, duplicate, failed): the overall bar. */
  settledBytes: z.number().check(z.nonnegative()),
});
export type UploadTotals = z.infer<typeof uploadTotalsSchema>;

/** A list of uploads as a screen gets it: the files shown, the totals of all of them. */
export const uploadListSchema = z.object({
  files: z.array(uploadFileSchema),
  totals: uploadTotalsSchema,
  /** True while files are being sent. */
  running: z.boolean(),
});
export interface UploadList extends Readonly<Omit<z.infer<typeof uploadListSchema>, 'files'>> {
  readonly files: readonly UploadFile[];
}

const SETTLED: ReadonlySet<UploadItemStatus> = new Set(['done', 'duplicate', 'failed']);

/** Done, a duplicate or failed: nothing more happens to the file unless it is retried. */
export function isSettled(status: UploadItemStatus): boolean {
  return SETTLED.has(status);
}

/** The totals of a list of files (every file, not only those shown). */
export function totalsOf(
  files: Iterable<Pick<UploadFile, 'status' | 'size' | 'sentBytes'>>,
): UploadTotals {
  const totals: UploadTotals = {
    files: 0,
    waiting: 0,
    held: 0,
    checking: 0,
    uploading: 0,
    done: 0,
    duplicate: 0,
    failed: 0,
    totalBytes: 0,
    settledBytes: 0,
  };
  for (const file of files) {
    totals.files += 1;
    totals[file.status] += 1;
    totals.totalBytes += file.size;
    // Failed files count as settled too: nothing more of them is sent unless retried.
    if (isSettled(file.status)) totals.settledBytes += file.size;
    else if (file.status === 'uploading') totals.settledBytes += file.sentBytes;
  }
  return totals;
}

/** The order a long list is shown in: what needs the customer first, then what moves. */
export const UPLOAD_LIST_ORDER: Readonly<Record<UploadItemStatus, number>> = {
  failed: 0,
  uploading: 1,
  checking: 2,
  waiting: 3,
  held: 4,
  done: 5,
  duplicate: 6,
};

/**
 * Files a long list shows (the desktop queue sends the renderer this many with every total, and
 * its uploads panel lists them with an "and N more" line), so thousands cost a window no more
 * than it shows.
 */
export const UPLOAD_LIST_LIMIT = 100;

/**
 * The `limit` files a list shows of a long one: failed first, then those under way, then those
 * waiting, each group in the order the files were added.
 */
export function listedFiles<T extends Pick<UploadFile, 'status'>>(
  files: readonly T[],
  limit: number,
): T[] {
  return files
    .map((file, index) => ({ file, index }))
    .sort(
      (a, b) =>
        UPLOAD_LIST_ORDER[a.file.status] - UPLOAD_LIST_ORDER[b.file.status] || a.index - b.index,
    )
    .slice(0, limit)
    .map(({ file }) => file);
}

/**
 * The text a failure is told with (`photos.upload.failure.*`, `desktop.uploads.failure.*` of
 * core/locales): kinds the customer cannot act on differently share the general one.
 */
export type UploadFailureText =
  'refused' | 'tooLarge' | 'missing' | 'unreadable' | 'network' | 'server';
export const UPLOAD_FAILURE_TEXT: Readonly<Record<UploadFailureKind, UploadFailureText>> = {
  refused: 'refused',
  'too-large': 'tooLarge',
  checksum: 'server',
  unreadable: 'unreadable',
  missing: 'missing',
  network: 'network',
  server: 'server',
  cancelled: 'server',
};
