import multipart from '@fastify/multipart';
import { z } from 'zod';
import { idParamsSchema, PAGE_LIMITS, photoListQuerySchema } from '@photo/core/api/schemas/paging';
import {
  deleteAllPhotosResponseSchema,
  deletePhotosRequestSchema,
  deletePhotosResponseSchema,
  photoPageSchema,
  photoSchema,
  uploadPhotoFieldsSchema,
} from '@photo/core/api/schemas/photo';
import {
  PHOTO_CHANGES_DEFAULT_LIMIT,
  photoChangesPageSchema,
  photoChangesQuerySchema,
} from '@photo/core/api/schemas/photo-changes';
import {
  timelineMonthParamsSchema,
  timelineMonthQuerySchema,
} from '@photo/core/api/schemas/timeline';
import { errorBody, HttpError } from '../../http/http-error.ts';
import type { StoredTemp } from '../../storage/content-store.ts';
import { cleanFileName } from '../../storage/file-names.ts';
import { InvalidImageError } from '../../storage/image-processing.ts';
import { rm } from 'node:fs/promises';
import type { PhotoContext, ZodApp } from './context.ts';
import { sendPhotoPage } from './list-pages.ts';
import { readPhotoChanges } from './photo-changes-repository.ts';
import { ingestUpload } from './photo-ingest.ts';
import { getOwnPhoto, listPhotos } from './photos-repository.ts';
import { trashPhotos } from './trash-repository.ts';

const tags = ['photo-management: photos'];

/** 409 of a multipart upload whose bytes the user already has: the error JSON plus that photo. */
const duplicatePhotoErrorSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  field: z.string(),
  photoId: z.uuid(),
});

export async function photosRoutes(app: ZodApp, ctx: PhotoContext): Promise<void> {
  const { db, presenter, store } = ctx;

  app.get(
    '/photos',
    {
      schema: {
        tags,
        summary: 'All photos of the user, paged (500) and sorted (default dateTaken desc)',
        querystring: photoListQuerySchema,
        response: { 200: photoPageSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      return sendPhotoPage(ctx, reply, userId, {
        query: request.query,
        defaults: { sortKey: 'dateTaken', sortOrder: 'desc', limit: PAGE_LIMITS.photos },
        name: `photos|${userId}`,
        load: (spec) => listPhotos(db, userId, spec),
      });
    },
  );

  app.get(
    '/photos/timeline/:year/:month',
    {
      schema: {
        tags,
        summary: 'One timeline month, paged (24) and sorted (default dateTaken desc)',
        params: timelineMonthParamsSchema,
        querystring: timelineMonthQuerySchema,
        response: { 200: photoPageSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const { year, month } = request.params;
      return sendPhotoPage(ctx, reply, userId, {
        query: request.query,
        defaults: { sortKey: 'dateTaken', sortOrder: 'desc', limit: PAGE_LIMITS.timelineMonth },
        name: `month|${userId}|${year}-${month}`,
        load: (spec) => listPhotos(db, userId, spec, { year, month }),
      });
    },
  );

  app.get(
    '/photos/changes',
    {
      schema: {
        tags,
        summary:
          'Photos added to and removed from the library after a cursor (the desktop export follows it); without a cursor, from the start',
        querystring: photoChangesQuerySchema,
        response: { 200: photoChangesPageSchema },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const context = `changes|${userId}`;
      let after = 0;
      if (request.query.cursor !== undefined) {
        const [value] = ctx.cursors.decode(context, request.query.cursor);
        after = Number(value);
        if (!Number.isSafeInteger(after) || after < 0)
          throw new HttpError(400, 'The cursor is invalid for this list', 'query.cursor');
      }
      const page = await readPhotoChanges(
        db,
        userId,
        after,
        request.query.limit ?? PHOTO_CHANGES_DEFAULT_LIMIT,
      );
      const expiry = ctx.imageUrls.currentExpiry();
      return {
        added: page.added.map((row) => ({
          id: row.id,
          fileName: row.local_file_name,
          mimeType: row.mime_type,
          size: Number(row.byte_size),
          checksum: row.content_hash,
          ...(row.date_taken ? { dateTaken: row.date_taken } : {}),
          created: row.created,
          url: `${presenter.urlPrefix(row.id, userId, expiry)}original`,
        })),
        removed: page.removed,
        cursor: ctx.cursors.encode(context, [String(page.last), 'seq']),
        hasMore: page.hasMore,
      };
    },
  );

  app.get(
    '/photos/:id',
    {
      schema: {
        tags,
        summary: 'One own photo',
        params: idParamsSchema,
        response: { 200: photoSchema },
      },
    },
    async (request) => {
      const row = await getOwnPhoto(db, request.user.id, request.params.id);
      if (!row) throw new HttpError(404, 'Photo not found', 'params.id');
      return presenter.present(row, request.user.id);
    },
  );

  app.delete(
    '/photos',
    {
      schema: {
        tags,
        summary:
          'Delete photos: they go to Recently deleted; answers the ids that were not the caller’s and the deletion id (Undo: POST /photos/trash/restore)',
        body: deletePhotosRequestSchema,
        response: { 200: deletePhotosResponseSchema },
      },
    },
    async (request) => {
      const result = await trashPhotos(db, request.user.id, request.body.photoIds, ctx.trash.now());
      return { failed: result.failed, deletionId: result.deletionId };
    },
  );

  app.delete(
    '/photos/all',
    {
      schema: {
        tags,
        summary:
          'Delete every photo of the user: they go to Recently deleted (Undo: POST /photos/trash/restore with the deletion id)',
        response: { 200: deleteAllPhotosResponseSchema },
      },
    },
    async (request) => {
      const result = await trashPhotos(db, request.user.id, 'all', ctx.trash.now());
      return { deleted: result.deleted, deletionId: result.deletionId };
    },
  );

  // Upload: its own scope, so the multipart parser and the size limit apply to this route only.
  await app.register(async (upload: ZodApp) => {
    await upload.register(multipart, {
      limits: { fileSize: ctx.uploadMaxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
    });
    upload.post(
      '/photos',
      {
        bodyLimit: ctx.uploadMaxBytes + 1024 * 1024,
        schema: {
          tags,
          summary:
            'Upload one photo (multipart: file, optional albumId); HEIC, JPEG or PNG by content; 409 with `photoId` when the user already has the same bytes',
          consumes: ['multipart/form-data'],
          response: { 201: photoSchema, 409: duplicatePhotoErrorSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new HttpError(
            415,
            'Upload as multipart/form-data with a part named "file"',
            'headers.content-type',
          );
        }
        const uploadStart = new Date().toISOString();
        let temp: StoredTemp | undefined;
        let fileName = 'photo';
        const fields: Record<string, string> = {};
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || temp) {
                part.file.resume();
                throw new HttpError(
                  400,
                  'Send exactly one file, in the part named "file"',
                  `body.${part.fieldname}`,
                );
              }
              fileName = cleanFileName(part.filename);
              temp = await store.writeTemp(part.file);
              if (part.file.truncated)
                throw new HttpError(
                  413,
                  `The file is larger than ${ctx.uploadMaxBytes} bytes`,
                  'body.file',
                );
            } else {
              fields[part.fieldname] =
                typeof part.value === 'string' ? part.value : String(part.value);
            }
          }
        } catch (error) {
          if (temp) await rm(temp.path, { force: true });
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new HttpError(
              413,
              `The file is larger than ${ctx.uploadMaxBytes} bytes`,
              'body.file',
            );
          }
          if (error instanceof HttpError) throw error;
          // Disk trouble (ENOSPC, EACCES …) is ours; anything else here is a malformed body
          // (busboy's parse errors carry no code, the plugin's limits carry FST_*).
          if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) throw error;
          const status = (error as { statusCode?: number }).statusCode ?? 400;
          throw new HttpError(
            status >= 400 && status < 500 ? status : 400,
            `Malformed multipart body: ${(error as Error).message}`,
            'body',
          );
        }
        if (!temp) throw new HttpError(400, 'The part "file" is missing', 'body.file');
        const parsed = uploadPhotoFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          await rm(temp.path, { force: true });
          throw new HttpError(400, 'albumId must be an album id (UUID)', 'body.albumId');
        }
        let outcome;
        try {
          outcome = await ingestUpload(ctx, {
            userId: request.user.id,
            tempPath: temp.path,
            hash: temp.hash,
            size: temp.size,
            localFileName: fileName,
            ...(parsed.data.albumId ? { albumId: parsed.data.albumId } : {}),
            uploadStart,
            albumField: 'body.albumId',
          });
        } catch (error) {
          if (error instanceof InvalidImageError)
            throw new HttpError(400, error.forFile(fileName), 'body.file');
          throw error;
        }
        // The same bytes again: refused, nothing stored; the existing photo joined the album.
        if (outcome.status === 'duplicate') {
          return reply.code(409).send({
            ...errorBody(409, `"${fileName}" is already in your photos`, 'body.file'),
            statusCode: 409 as const,
            field: 'body.file',
            photoId: outcome.row.id,
          });
        }
        reply.code(201);
        return presenter.present(outcome.row, request.user.id);
      },
    );
  });
}
