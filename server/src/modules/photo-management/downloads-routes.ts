import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
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
import { presentDownload } from './archive-service.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { readableSharedAlbum } from './shared-albums-routes.ts';
import { ARCHIVE_URL_TTL_SECONDS } from './signing.ts';

const tags = ['photo-management: downloads'];

interface ArchivePhoto {
  id: string;
  contentHash: string;
  localFileName: string;
  created: string;
}

const archiveSigningInput = (downloadId: string, userId: string, expiry: number) =>
  `archive|${downloadId}|${userId}|${expiry}`;

/** Bearer routes of the download API. */
export function downloadsRoutes(app: ZodApp, ctx: PhotoContext): void {
  const { db } = ctx;

  /** The caller's readable photos among `ids` (own, or in a shared album they can read), in `ids` order. */
  async function readablePhotos(userId: string, ids: readonly string[]): Promise<ArchivePhoto[]> {
    const rows = await db
      .selectFrom('photos')
      .select(['photos.id', 'photos.content_hash', 'photos.local_file_name', 'photos.created'])
      .where('photos.id', 'in', [...ids])
      .where((eb) =>
        eb.or([
          eb('photos.user_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('album_photos')
              .innerJoin('albums', 'albums.id', 'album_photos.album_id')
              .select('albums.id')
              .whereRef('album_photos.photo_id', '=', 'photos.id')
              .where('albums.is_shared', '=', 1)
              .where((inner) =>
                inner.or([
                  inner('albums.user_id', '=', userId),
                  inner.exists(
                    inner
                      .selectFrom('album_participants')
                      .select('album_participants.album_id')
                      .whereRef('album_participants.album_id', '=', 'albums.id')
                      .where('album_participants.user_id', '=', userId),
                  ),
                ]),
              ),
          ),
        ]),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row
        ? [
            {
              id: row.id,
              contentHash: row.content_hash,
              localFileName: row.local_file_name,
              created: row.created,
            },
          ]
        : [];
    });
  }

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
      const rows = await db
        .selectFrom('downloads')
        .selectAll()
        .where('user_id', '=', request.user.id)
        .orderBy('created', 'desc')
        .limit(100)
        .execute();
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
      const photos = await readablePhotos(request.user.id, ids);
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
      const { album } = await readableSharedAlbum(
        ctx,
        request.user.id,
        request.body.albumId,
        'body.albumId',
      );
      const wanted = new Map(request.body.photos.map((photo) => [photo.photoId, photo.ownerId]));
      const rows = await db
        .selectFrom('album_photos')
        .innerJoin('photos', 'photos.id', 'album_photos.photo_id')
        .select([
          'photos.id',
          'photos.user_id',
          'photos.content_hash',
          'photos.local_file_name',
          'photos.created',
        ])
        .where('album_photos.album_id', '=', album.id)
        .where('album_photos.photo_id', 'in', [...wanted.keys()])
        .execute();
      const valid = new Map(
        rows.filter((row) => wanted.get(row.id) === row.user_id).map((row) => [row.id, row]),
      );
      const missing = [...wanted.keys()].filter((id) => !valid.has(id));
      if (missing.length > 0) {
        throw new HttpError(
          404,
          `Photos not in this album with that owner: ${missing.join(', ')}`,
          'body.photos',
        );
      }
      const photos = [...wanted.keys()].map((id) => {
        const row = valid.get(id)!;
        return {
          id: row.id,
          contentHash: row.content_hash,
          localFileName: row.local_file_name,
          created: row.created,
        };
      });
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
      const row = await db
        .selectFrom('downloads')
        .select(['id', 'status'])
        .where('id', '=', request.params.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
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

const signedQuerySchema = z.object({
  u: z.string().min(1).max(100),
  e: z.coerce.number().int().min(0),
  s: z.string().min(1).max(100),
});

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
        querystring: signedQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { u, e, s } = request.query;
      if (e * 1000 < Date.now())
        throw new HttpError(403, 'The download link has expired', 'query.e');
      if (!ctx.signer.verify(archiveSigningInput(id, u, e), s))
        throw new HttpError(403, 'The download link is not valid', 'query.s');
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
      const row = await ctx.db
        .selectFrom('downloads')
        .select(['id', 'status'])
        .where('id', '=', id)
        .where('user_id', '=', u)
        .executeTakeFirst();
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
