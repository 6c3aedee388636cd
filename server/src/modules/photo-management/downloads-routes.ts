import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  createDownloadRequestSchema,
  createSharedAlbumDownloadRequestSchema,
  downloadListSchema,
  downloadSchema,
  downloadUrlSchema,
} from '@photo/core/api/schemas/download';
import { idParamsSchema } from '@photo/core/api/schemas/paging';
import { bearerToken } from '../../auth/access-token-verifier.ts';
import { HttpError } from '../../http/http-error.ts';
import { readableAlbum } from './album-access.ts';
import { albumPhotoFiles } from './albums-repository.ts';
import { presentDownload } from './archive-service.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { findDownloadStatus, listDownloads } from './downloads-repository.ts';
import { readablePhotoFiles } from './photos-repository.ts';
import { ARCHIVE_URL_TTL_SECONDS, checkSignedLink, signedLinkQuerySchema } from './signing.ts';

const tags = ['photo-management: downloads'];

const archiveSigningInput = (downloadId: string, userId: string, expiry: number) =>
  `archive|${downloadId}|${userId}|${expiry}`;

/** Bearer routes of the download API. */
export function downloadsRoutes(app: ZodApp, ctx: PhotoContext): void {
  const { db } = ctx;

  app.get(
    '/downloads',
    {
      schema: {
        tags,
        summary: 'The caller’s downloads, newest first',
        response: { 200: downloadListSchema },
      },
    },
    async (request) => {
      const rows = await listDownloads(db, request.user.id, 100);
      return { items: rows.map(presentDownload) };
    },
  );

  app.post(
    '/downloads',
    {
      schema: {
        tags,
        summary:
          'Create a zip archive job of 1..100 readable photos; push messages report progress',
        body: createDownloadRequestSchema,
        response: { 202: downloadSchema },
      },
    },
    async (request, reply) => {
      const ids = [...new Set(request.body.photoIds)];
      const photos = await readablePhotoFiles(db, request.user.id, ids);
      if (photos.length !== ids.length) {
        const found = new Set(photos.map((photo) => photo.id));
        throw new HttpError(
          404,
          `Photos not found: ${ids.filter((id) => !found.has(id)).join(', ')}`,
          'body.photoIds',
        );
      }
      const name = request.body.name?.trim() || `photos-${new Date().toISOString().slice(0, 10)}`;
      reply.code(202);
      return ctx.archives.create(request.user.id, name, photos);
    },
  );

  app.post(
    '/shared-album-downloads',
    {
      schema: {
        tags,
        summary: 'Create a zip archive job of photos of a shared album (photoId + ownerId each)',
        body: createSharedAlbumDownloadRequestSchema,
        response: { 202: downloadSchema },
      },
    },
    async (request, reply) => {
      const { album } = await readableAlbum(ctx, request.user.id, request.body.albumId, {
        field: 'body.albumId',
        shared: true,
      });
      const wanted = new Map(request.body.photos.map((photo) => [photo.photoId, photo.ownerId]));
      const files = await albumPhotoFiles(db, album.id, [...wanted.keys()]);
      const valid = new Map(
        files.filter((file) => wanted.get(file.id) === file.ownerId).map((file) => [file.id, file]),
      );
      const missing = [...wanted.keys()].filter((id) => !valid.has(id));
      if (missing.length > 0) {
        throw new HttpError(
          404,
          `Photos not in this album with that owner: ${missing.join(', ')}`,
          'body.photos',
        );
      }
      const photos = [...wanted.keys()].map((id) => valid.get(id)!);
      reply.code(202);
      return ctx.archives.create(request.user.id, album.name, photos);
    },
  );

  app.get(
    '/downloads/:id/url',
    {
      schema: {
        tags,
        summary:
          'A short-lived URL of the finished zip, signed for the caller (409 while not ready)',
        params: idParamsSchema,
        response: { 200: downloadUrlSchema },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const row = await findDownloadStatus(db, userId, request.params.id);
      if (!row) throw new HttpError(404, 'Download not found', 'params.id');
      if (row.status === 'pending')
        throw new HttpError(409, 'The archive is not ready yet', 'params.id');
      if (row.status === 'failed')
        throw new HttpError(409, 'The archive could not be created', 'params.id');
      if (row.status === 'expired')
        throw new HttpError(410, 'The archive has expired; create a new download', 'params.id');
      const expiry = Math.floor(Date.now() / 1000) + ARCHIVE_URL_TTL_SECONDS;
      const signature = ctx.signer.sign(archiveSigningInput(row.id, userId, expiry));
      return {
        url: `${ctx.publicOrigin}/api/photo/downloads/${row.id}/archive?u=${userId}&e=${expiry}&s=${signature}`,
      };
    },
  );
}

/**
 * The zip itself. Anchors and the desktop downloader cannot send bearer headers, so the URL's
 * signature (download id + owner + expiry) is the credential; if a bearer token is sent
 * anyway it must belong to the same user.
 */
export function archiveFileRoute(app: ZodApp, ctx: PhotoContext): void {
  app.get(
    '/downloads/:id/archive',
    {
      schema: {
        tags,
        summary: 'The zip of a download (signed URL from /downloads/{id}/url)',
        params: idParamsSchema,
        querystring: signedLinkQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { u, e, s } = request.query;
      checkSignedLink('download', e, () => ctx.signer.verify(archiveSigningInput(id, u, e), s));
      const token = bearerToken(request.headers.authorization);
      if (token) {
        const caller = await ctx.tokens.verify(token);
        if (!caller || caller.id !== u)
          throw new HttpError(
            403,
            'This download link belongs to another user',
            'headers.authorization',
          );
      }
      const row = await findDownloadStatus(ctx.db, u, id);
      if (!row || row.status !== 'ready')
        throw new HttpError(404, 'Archive not found', 'params.id');
      const file = ctx.archives.archivePath(row.id);
      const info = await stat(file).catch(() => undefined);
      if (!info) throw new HttpError(404, 'Archive not found', 'params.id');
      reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', String(info.size))
        .header('Content-Disposition', `attachment; filename="${row.id}.zip"`)
        .header('Cache-Control', 'private, no-store');
      return reply.send(createReadStream(file));
    },
  );
}
