import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Metadata } from '@tus/server';
import {
  anonymousUploadsRequestSchema,
  anonymousUploadsResponseSchema,
  CHECKSUM_ALGORITHM,
  checksumsRequestSchema,
  checksumsResponseSchema,
  UPLOAD_FILES_PATH,
  uploadIdSchema,
  uploadQuerySchema,
  uploadSchema,
} from '@photo/core/api/schemas/upload';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireToken } from '../../auth/authenticate.ts';
import { HttpError } from '../../http/http-error.ts';
import { photoContextFor } from '../photo-management/photo-context.ts';
import { ownPhotoIdsByHash } from '../photo-management/photos-repository.ts';
import { findOwnUpload, findOwnUploads } from './storage-repository.ts';
import { uploadLockerFor } from './upload-locker.ts';
import { UploadService } from './upload-service.ts';

const tags = ['storage'];
const TUS_VERSION = '1.0.0';
const TUS_BODY_TYPE = 'application/offset+octet-stream';
const uploadParamsSchema = z.object({ id: uploadIdSchema });

const nonNegativeInteger = (value: string) => /^(0|[1-9]\d{0,15})$/.test(value);

/**
 * What tus would refuse with a plain-text body, refused here first as the API's error JSON
 * naming the header (docs/conventions.md "API errors"); also uploads of unknown length and
 * concatenation, which this server does not take.
 */
function checkTusHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  if (header('tus-resumable') !== TUS_VERSION) {
    reply.header('Tus-Version', TUS_VERSION);
    throw new HttpError(412, `Send Tus-Resumable: ${TUS_VERSION}`, 'headers.tus-resumable');
  }
  for (const name of ['upload-length', 'upload-offset']) {
    const value = header(name);
    if (value !== undefined && !nonNegativeInteger(value))
      throw new HttpError(400, `${name} must be a non-negative integer`, `headers.${name}`);
  }
  if (header('upload-defer-length') !== undefined)
    throw new HttpError(
      400,
      'Send Upload-Length: uploads of unknown length are not accepted',
      'headers.upload-defer-length',
    );
  if (header('upload-concat') !== undefined)
    throw new HttpError(400, 'Concatenated uploads are not accepted', 'headers.upload-concat');
  const metadata = header('upload-metadata');
  if (metadata !== undefined) {
    try {
      Metadata.parse(metadata);
    } catch {
      throw new HttpError(
        400,
        'Upload-Metadata must be comma-separated "key base64value" pairs',
        'headers.upload-metadata',
      );
    }
  }
  const forwardedProto = header('x-forwarded-proto');
  if (forwardedProto !== undefined && forwardedProto !== 'http' && forwardedProto !== 'https')
    throw new HttpError(
      400,
      'x-forwarded-proto must be http or https',
      'headers.x-forwarded-proto',
    );
  if (request.method === 'PATCH' && header('content-type') !== TUS_BODY_TYPE)
    throw new HttpError(415, `Send the bytes as ${TUS_BODY_TYPE}`, 'headers.content-type');
}

/**
 * The storage API (`StorageApiUrl` = `/api/storage`, docs/product.md#apis; the contract in
 * `core/src/api/schemas/upload.ts`):
 *
 * - `/files` (tus 1.0.0: creation, creation-with-upload, expiration, termination):
 *   `POST /files`, `HEAD|PATCH|DELETE /files/{id}`, `OPTIONS` for the server's capabilities.
 *   Bearer token on every request but OPTIONS; an upload id is its creator's only.
 * - `POST /checksums`: which SHA-256 checksums the caller already has, before any byte is sent.
 * - `GET /uploads/{id}?accountId=`: an upload's record (404 = none; the account must be the
 *   caller's).
 * - `POST /getanonymousuploads` with `uploadIds`: "anonymous" here means the request names no
 *   account: a device asks about upload ids it kept (a reload, an answer that never arrived)
 *   and hears about those that are the caller's. This server takes no upload without a
 *   token, so there are no uploads of nobody to claim.
 */
export const storageModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const photos = await photoContextFor(deps);
  // Behind a load balancer two requests for one upload may reach two instances at once.
  const locker = uploadLockerFor(deps, app.log);
  const uploads = new UploadService({
    photos,
    path: `${app.prefix}${UPLOAD_FILES_PATH}`,
    maxBytes: deps.config.uploadMaxBytes,
    expirySeconds: deps.config.uploads.expirySeconds,
    cleanupIntervalSeconds: deps.config.uploads.cleanupIntervalSeconds,
    jobs: deps.jobs,
    log: app.log,
    locker,
  });
  await uploads.start();
  app.addHook('onClose', async () => {
    await uploads.stop();
    await locker.close?.();
  });

  // tus reads the bytes from the raw request itself.
  app.addContentTypeParser(TUS_BODY_TYPE, (_request, _payload, done) => done(null));
  // So does the benchmark's sink.
  if (deps.config.uploads.benchSink)
    app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));

  // The tus protocol's capabilities (max size, extensions): public, like any OPTIONS.
  for (const url of [UPLOAD_FILES_PATH, `${UPLOAD_FILES_PATH}/:id`]) {
    app.options(url, { schema: { hide: true } }, (request, reply) => {
      reply.hijack();
      return uploads.handle(request.raw, reply.raw);
    });
  }

  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    requireToken(api);

    async function toTus(request: FastifyRequest, reply: FastifyReply) {
      checkTusHeaders(request, reply);
      reply.hijack();
      try {
        await uploads.handle(request.raw, reply.raw, request.user);
      } catch (error) {
        request.log.error({ err: error }, 'tus request failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
        else reply.raw.destroy();
      }
    }

    api.post(
      UPLOAD_FILES_PATH,
      {
        schema: {
          tags,
          summary:
            'tus creation: Upload-Length, Upload-Metadata (filename, filetype, checksum, albumId); 201 + Location, or 409 when the caller already has the bytes',
        },
      },
      toTus,
    );
    api.route({
      method: ['PATCH', 'DELETE'],
      url: `${UPLOAD_FILES_PATH}/:id`,
      schema: {
        tags,
        summary:
          'tus: PATCH appends bytes at Upload-Offset (the completing one answers the upload result), DELETE cancels',
        params: uploadParamsSchema,
      },
      handler: toTus,
    });
    api.route({
      method: 'HEAD',
      url: `${UPLOAD_FILES_PATH}/:id`,
      schema: { tags, summary: 'tus: the offset reached', params: uploadParamsSchema },
      handler: async (request, reply) => {
        const row = await findOwnUpload(deps.db, request.user.id, request.params.id);
        if (!row) throw new HttpError(404, 'Upload not found', 'params.id');
        // A finished upload's files are gone, but a client that missed the completing answer
        // resumes with a HEAD: tell it the upload is complete (GET /uploads/{id} has the result).
        if (row.status === 'created' || row.status === 'duplicate') {
          checkTusHeaders(request, reply);
          return reply
            .code(200)
            .headers({
              'Tus-Resumable': TUS_VERSION,
              'Upload-Offset': String(row.size),
              'Upload-Length': String(row.size),
              'Cache-Control': 'no-store',
            })
            .send();
        }
        return toTus(request, reply);
      },
    });

    if (deps.config.uploads.benchSink) {
      // The benchmark's baseline: the same bytes as an upload, streamed to disk and dropped,
      // with nothing of tus, hashing or image checks (`npm run bench:upload`).
      api.post('/bench-sink', { schema: { hide: true } }, async (request, reply) => {
        const file = join(deps.paths.dataDir, `bench-sink-${randomUUID()}`);
        let bytes = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            if (bytes > deps.config.uploadMaxBytes) done(new HttpError(413, 'Too large', 'body'));
            else done(null, chunk);
          },
        });
        try {
          await pipeline(request.raw, counter, createWriteStream(file));
        } finally {
          await rm(file, { force: true });
        }
        return reply.send({ bytes });
      });
    }

    api.post(
      '/checksums',
      {
        schema: {
          tags,
          summary: `Which of these ${CHECKSUM_ALGORITHM} checksums the caller already has (1 to 1,000), with a photo each`,
          body: checksumsRequestSchema,
          response: { 200: checksumsResponseSchema },
        },
      },
      async (request) => {
        const checksums = [...new Set(request.body.checksums.map((hash) => hash.toLowerCase()))];
        const found = await ownPhotoIdsByHash(deps.db, request.user.id, checksums);
        return {
          algorithm: CHECKSUM_ALGORITHM,
          known: checksums.flatMap((checksum) => {
            const photoId = found.get(checksum);
            return photoId ? [{ checksum, photoId }] : [];
          }),
        };
      },
    );

    api.get(
      '/uploads/:id',
      {
        schema: {
          tags,
          summary: 'One upload of the caller (404 = none)',
          params: uploadParamsSchema,
          querystring: uploadQuerySchema,
          response: { 200: uploadSchema },
        },
      },
      async (request) => {
        if (request.query.accountId !== request.user.id)
          throw new HttpError(403, 'accountId must be the signed-in account', 'query.accountId');
        const row = await findOwnUpload(deps.db, request.user.id, request.params.id);
        if (!row) throw new HttpError(404, 'Upload not found', 'params.id');
        return uploads.present(row);
      },
    );

    api.post(
      '/getanonymousuploads',
      {
        schema: {
          tags,
          summary:
            'The caller’s uploads among these ids (ids a device kept); unknown and other people’s ids are left out',
          body: anonymousUploadsRequestSchema,
          response: { 200: anonymousUploadsResponseSchema },
        },
      },
      async (request) => {
        const rows = await findOwnUploads(deps.db, request.user.id, request.body.uploadIds);
        return { uploads: await Promise.all(rows.map((row) => uploads.present(row))) };
      },
    );
  });
};
