import { z } from 'zod/mini';
import { photoSchema } from './photo';

/**
 * The storage API (`StorageApiUrl` of /config.json, docs/product.md#apis): resumable uploads
 * through the tus protocol (https://tus.io/protocols/resumable-upload), the duplicate check and
 * the upload records. Every call carries the bearer token, tus requests included.
 *
 * - `POST {StorageApiUrl}/files` creates an upload (tus creation, `Upload-Length` required,
 *   at most the server's `UPLOAD_MAX_BYTES`), `HEAD`/`PATCH`/`DELETE {StorageApiUrl}/files/{id}`
 *   read its offset, append bytes and cancel it. An upload id belongs to the user who created
 *   it; anyone else gets 404. Partial uploads expire (`Upload-Expires`) and are removed.
 * - `Upload-Metadata` carries {@link uploadMetadataSchema}: the file's name, its declared type,
 *   its SHA-256 and optionally the album it joins.
 * - The PATCH that completes the upload answers 200 with {@link uploadResultSchema}: the bytes
 *   were checked by their content (JPEG, PNG or HEIC, decoded for real) and the photo is in the
 *   library, or it already was (`duplicate`: nothing new is stored; with an album the existing
 *   photo joins it). A file that is not such an image is refused with 415 and a message naming
 *   the file; bytes whose SHA-256 differs from the declared checksum with 422.
 * - Creating an upload whose declared checksum the user already has answers 409 with
 *   {@link duplicateUploadErrorSchema}, before any byte is sent.
 * - A client that never got the completing answer (connection lost while the server checked
 *   the file) resumes as usual: HEAD reports the upload complete, and
 *   `GET /uploads/{id}?accountId=` tells its outcome (`processing`: ask again shortly).
 * - Every error body is the API's error JSON (`statusCode`, `error`, `message`, `field`).
 */

/** Path of the tus endpoint below `StorageApiUrl`. */
export const UPLOAD_FILES_PATH = '/files';

/** The checksum algorithm of uploads and of the duplicate check. */
export const CHECKSUM_ALGORITHM = 'SHA-256' as const;

/** Checksums per duplicate check request (docs/product.md#limits). */
export const MAX_CHECKSUMS_PER_REQUEST = 1000;

/** Upload ids per `POST /getanonymousuploads` request. */
export const MAX_UPLOAD_IDS_PER_REQUEST = 1000;

/** A SHA-256 digest as 64 hex digits (either case; the server compares in lower case). */
export const sha256HexSchema = z
  .string()
  .check(z.regex(/^[0-9a-fA-F]{64}$/, 'A SHA-256 checksum is 64 hexadecimal digits'));

/** Upload ids are UUIDs (so a photo's `uploadId` is the id of the upload that brought it). */
export const uploadIdSchema = z.uuid();

/**
 * The tus `Upload-Metadata` of an upload (keys as sent, values base64 on the wire):
 * `filename` (shown in the library, cleaned by the server), `filetype` (what the client
 * believes; the server goes by the content), `checksum` (SHA-256 hex of the whole file,
 * checked against the received bytes), `albumId` (an own album, or a shared album the user
 * takes part in).
 */
export const uploadMetadataSchema = z.object({
  filename: z.string().check(z.minLength(1), z.maxLength(1024)),
  filetype: z.optional(z.string().check(z.maxLength(255))),
  checksum: sha256HexSchema,
  albumId: z.optional(z.uuid()),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** What became of a finished upload: a new photo, or one the user already had. */
export const uploadOutcomeSchema = z.enum(['created', 'duplicate']);
export type UploadOutcome = z.infer<typeof uploadOutcomeSchema>;

/** 200 body of the PATCH that completes an upload. */
export const uploadResultSchema = z.object({
  uploadId: uploadIdSchema,
  status: uploadOutcomeSchema,
  photoId: z.uuid(),
  photo: photoSchema,
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** 409 body of an upload creation whose checksum the user already has. */
export const duplicateUploadErrorSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  field: z.string(),
  status: z.literal('duplicate'),
  photoId: z.uuid(),
  photo: photoSchema,
});
export type DuplicateUploadError = z.infer<typeof duplicateUploadErrorSchema>;

/** POST /checksums: which of these files does the caller already have? */
export const checksumsRequestSchema = z.object({
  algorithm: z.literal(CHECKSUM_ALGORITHM),
  checksums: z.array(sha256HexSchema).check(z.minLength(1), z.maxLength(MAX_CHECKSUMS_PER_REQUEST)),
});
export type ChecksumsRequest = z.infer<typeof checksumsRequestSchema>;

/** POST /checksums answer: the known ones (lower-case hex) with one photo each; others are new. */
export const checksumsResponseSchema = z.object({
  algorithm: z.literal(CHECKSUM_ALGORITHM),
  known: z.array(z.object({ checksum: z.string(), photoId: z.uuid() })),
});
export type ChecksumsResponse = z.infer<typeof checksumsResponseSchema>;

/**
 * Where an upload stands: `uploading` (bytes missing; `offset` of `size` received),
 * `processing` (complete, being checked: ask again), `created` / `duplicate` (the photo is
 * `photoId`), `refused` (`error` says why; nothing was stored).
 */
export const uploadStatusSchema = z.enum([
  'uploading',
  'processing',
  'created',
  'duplicate',
  'refused',
]);
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

/** GET /uploads/{id}?accountId= answer, and each entry of /getanonymousuploads. */
export const uploadSchema = z.object({
  uploadId: uploadIdSchema,
  accountId: z.string().check(z.minLength(1)),
  fileName: z.string(),
  fileType: z.nullable(z.string()),
  size: z.int().check(z.minimum(0)),
  offset: z.int().check(z.minimum(0)),
  checksum: z.string(),
  albumId: z.nullable(z.uuid()),
  status: uploadStatusSchema,
  photoId: z.nullable(z.uuid()),
  error: z.nullable(z.string()),
  created: z.iso.datetime(),
  finished: z.nullable(z.iso.datetime()),
  /** When a partial upload is removed unless it completes; null once complete. */
  expires: z.nullable(z.iso.datetime()),
});
export type Upload = z.infer<typeof uploadSchema>;

/** GET /uploads/{id} query: the account must be the caller's (`sub` of the ID token). */
export const uploadQuerySchema = z.object({ accountId: z.string().check(z.minLength(1)) });
export type UploadQuery = z.infer<typeof uploadQuerySchema>;

/**
 * POST /getanonymousuploads: upload ids a device kept (e.g. the tus client's local store after a
 * reload, or uploads whose answer was lost), asked about without naming an account. Answers
 * the caller's uploads among them; ids that are unknown or another user's are left out alike.
 */
export const anonymousUploadsRequestSchema = z.object({
  uploadIds: z.array(uploadIdSchema).check(z.minLength(1), z.maxLength(MAX_UPLOAD_IDS_PER_REQUEST)),
});
export type AnonymousUploadsRequest = z.infer<typeof anonymousUploadsRequestSchema>;

export const anonymousUploadsResponseSchema = z.object({ uploads: z.array(uploadSchema) });
export type AnonymousUploadsResponse = z.infer<typeof anonymousUploadsResponseSchema>;
