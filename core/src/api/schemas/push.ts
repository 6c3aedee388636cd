import { z } from 'zod/mini';

/** Push websocket: the client's first frame. The server answers the text `OK`. */
export const pushAuthenticateSchema = z.object({
  action: z.literal('authenticate'),
  token: z.string().check(z.minLength(1)),
});
export type PushAuthenticate = z.infer<typeof pushAuthenticateSchema>;

export const ARCHIVE_KEYS = {
  started: 'archive generation started',
  finished: 'archive generation finished',
  error: 'archive generation error',
} as const;

/** Archive message (docs/product.md#data): sent to the downloading user's sockets. */
export const archivePushMessageSchema = z.object({
  id: z.string().check(z.minLength(1)),
  timestamp: z.iso.datetime(),
  key: z.enum([ARCHIVE_KEYS.started, ARCHIVE_KEYS.finished, ARCHIVE_KEYS.error]),
  message: z.object({ userId: z.string().check(z.minLength(1)), downloadId: z.uuid() }),
});
export type ArchivePushMessage = z.infer<typeof archivePushMessageSchema>;

/**
 * Import message types. `progress` is the reference server's own addition to the product's
 * started / finished / error: sent while photos are imported (at most a few per second), with
 * `importedCount` of `totalCount`, so a screen can show how far the import is.
 */
export const IMPORT_TYPES = {
  started: 'import started',
  progress: 'import progress',
  finished: 'import finished',
  error: 'import error',
} as const;

/** Import/activation message (docs/product.md#data, docs/product.md#validation): uuid id, known type, date-time timestamp. */
export const importPushMessageSchema = z.object({
  id: z.uuid(),
  type: z.enum([
    IMPORT_TYPES.started,
    IMPORT_TYPES.progress,
    IMPORT_TYPES.finished,
    IMPORT_TYPES.error,
  ]),
  data: z.object({
    payload: z.object({
      userId: z.string().check(z.minLength(1)),
      /** Photos imported so far (finished: all of them). */
      importedCount: z.int().check(z.minimum(0)),
      /** Legacy photos waiting when the import started. */
      totalCount: z.int().check(z.minimum(0)),
      error: z.optional(z.string()),
    }),
    timestamp: z.iso.datetime(),
  }),
});
export type ImportPushMessage = z.infer<typeof importPushMessageSchema>;

/** Any message the push websocket delivers after `OK`. */
export const pushMessageSchema = z.union([archivePushMessageSchema, importPushMessageSchema]);
export type PushMessage = z.infer<typeof pushMessageSchema>;
