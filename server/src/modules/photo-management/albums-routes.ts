import { randomUUID } from 'node:crypto';
import {
  albumListQuerySchema,
  albumPageSchema,
  albumPhotosRequestSchema,
  albumSchema,
  createAlbumRequestSchema,
  createAlbumResponseSchema,
  renameAlbumRequestSchema,
} from '@photo/core/api/schemas/album';
import { idParamsSchema, PAGE_LIMITS, photoListQuerySchema } from '@photo/core/api/schemas/paging';
import { failedIdsResponseSchema, photoPageSchema } from '@photo/core/api/schemas/photo';
import { HttpError } from '../../http/http-error.ts';
import { presentAlbums } from './album-presenter.ts';
import type { AlbumAccess } from './albums-repository.ts';
import {
  addAlbumPhotos,
  albumPosition,
  findAlbumAccess,
  listAlbumPhotos,
  listAlbums,
  refreshAlbumStats,
} from './albums-repository.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { pageSpec } from './context.ts';
import { sortedRowPosition, toPage } from './paging.ts';
import { ownPhotoIds } from './photos-repository.ts';
import { sendJsonText } from './photos-routes.ts';

const tags = ['photo-management: albums'];

/** Album the caller may read (own, or shared with them); 404 for unknown and foreign ids alike. */
export async function readableAlbum(
  ctx: PhotoContext,
  userId: string,
  albumId: string,
  field = 'params.id',
): Promise<AlbumAccess> {
  const access = await findAlbumAccess(ctx.db, userId, albumId);
  if (!access) throw new HttpError(404, 'Album not found', field);
  return access;
}

/** Album the caller owns; a participant gets 403 (docs/product.md#roles-and-flags: shared albums are read-only to them). */
export async function ownedAlbum(
  ctx: PhotoContext,
  userId: string,
  albumId: string,
): Promise<AlbumAccess> {
  const access = await readableAlbum(ctx, userId, albumId);
  if (access.role !== 'owner')
    throw new HttpError(403, 'Only the owner can change this shared album', 'params.id');
  return access;
}

export function albumsRoutes(app: ZodApp, ctx: PhotoContext): void {
  const { db, presenter, cursors } = ctx;

  app.post(
    '/albums',
    {
      schema: {
        tags,
        summary: 'Create an album',
        body: createAlbumRequestSchema,
        response: { 201: createAlbumResponseSchema },
      },
    },
    async (request, reply) => {
      const now = new Date().toISOString();
      const albumId = randomUUID();
      await db
        .insertInto('albums')
        .values({
          id: albumId,
          user_id: request.user.id,
          name: request.body.name.trim(),
          is_shared: 0,
          photos_count: 0,
          cover_photo_id: null,
          created: now,
          updated: now,
        })
        .execute();
      reply.code(201);
      return { albumId };
    },
  );

  app.get(
    '/albums',
    {
      schema: {
        tags,
        summary:
          'Own albums newest first (first page 49, then 50); displaySharedData adds readable shared albums',
        querystring: albumListQuerySchema,
        response: { 200: albumPageSchema },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const includeReadable = request.query.displaySharedData === 'true';
      const context = `albums|${userId}|${includeReadable}`;
      const after = request.query.cursor ? cursors.decode(context, request.query.cursor) : null;
      const limit =
        request.query.limit ?? (after ? PAGE_LIMITS.albums : PAGE_LIMITS.firstAlbumPage);
      const rows = await listAlbums(db, userId, {
        includeReadable,
        sharedOnly: false,
        limit,
        after,
      });
      const page = toPage(rows, limit, cursors, context, albumPosition);
      return {
        albums: await presentAlbums(db, presenter, page.items, userId),
        cursor: page.cursor,
      };
    },
  );

  app.get(
    '/albums/:id',
    {
      schema: {
        tags,
        summary: 'One album (own, or shared with the caller)',
        params: idParamsSchema,
        response: { 200: albumSchema },
      },
    },
    async (request) => {
      const { album } = await readableAlbum(ctx, request.user.id, request.params.id);
      const [presented] = await presentAlbums(db, presenter, [album], request.user.id);
      return presented!;
    },
  );

  app.patch(
    '/albums/:id',
    {
      schema: {
        tags,
        summary: 'Rename an album',
        params: idParamsSchema,
        body: renameAlbumRequestSchema,
        response: { 200: albumSchema },
      },
    },
    async (request) => {
      const { album } = await ownedAlbum(ctx, request.user.id, request.params.id);
      const updated = {
        ...album,
        name: request.body.name.trim(),
        updated: new Date().toISOString(),
      };
      await db
        .updateTable('albums')
        .set({ name: updated.name, updated: updated.updated })
        .where('id', '=', album.id)
        .execute();
      const [presented] = await presentAlbums(db, presenter, [updated], request.user.id);
      return presented!;
    },
  );

  app.delete(
    '/albums/:id',
    {
      schema: {
        tags,
        summary: 'Delete an album; its photos stay in the library',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { album } = await ownedAlbum(ctx, request.user.id, request.params.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('album_photos').where('album_id', '=', album.id).execute();
        await trx.deleteFrom('album_participants').where('album_id', '=', album.id).execute();
        await trx.deleteFrom('albums').where('id', '=', album.id).execute();
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/albums/:id/photos',
    {
      schema: {
        tags,
        summary: 'Photos of an album, paged (500) and sorted (default created desc)',
        params: idParamsSchema,
        querystring: photoListQuerySchema,
        response: { 200: photoPageSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const { album } = await readableAlbum(ctx, userId, request.params.id);
      const { spec, context } = pageSpec(
        ctx,
        request.query,
        { sortKey: 'created', sortOrder: 'desc', limit: PAGE_LIMITS.photos },
        `album|${album.id}|${userId}`,
      );
      const page = toPage(
        await listAlbumPhotos(db, album.id, spec),
        spec.limit,
        cursors,
        context,
        sortedRowPosition,
      );
      return sendJsonText(reply, presenter.pageJson(page.items, userId, page.cursor));
    },
  );

  app.post(
    '/albums/:id/photos',
    {
      schema: {
        tags,
        summary: 'Copy own photos into an album; answers the ids that are not the caller’s',
        params: idParamsSchema,
        body: albumPhotosRequestSchema,
        response: { 200: failedIdsResponseSchema },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const { album } = await ownedAlbum(ctx, userId, request.params.id);
      const ids = [...new Set(request.body.photoIds)];
      return db.transaction().execute(async (trx) => {
        const own = await ownPhotoIds(trx, userId, ids);
        await addAlbumPhotos(trx, album.id, userId, [...own]);
        return { failed: ids.filter((id) => !own.has(id)) };
      });
    },
  );

  app.delete(
    '/albums/:id/photos',
    {
      schema: {
        tags,
        summary:
          'Remove photos from an album (they stay in the library); answers ids not in the album',
        params: idParamsSchema,
        body: albumPhotosRequestSchema,
        response: { 200: failedIdsResponseSchema },
      },
    },
    async (request) => {
      const { album } = await ownedAlbum(ctx, request.user.id, request.params.id);
      const ids = [...new Set(request.body.photoIds)];
      return db.transaction().execute(async (trx) => {
        const present = await trx
          .selectFrom('album_photos')
          .select('photo_id')
          .where('album_id', '=', album.id)
          .where('photo_id', 'in', ids)
          .execute();
        const found = new Set(present.map((row) => row.photo_id));
        if (found.size > 0) {
          await trx
            .deleteFrom('album_photos')
            .where('album_id', '=', album.id)
            .where('photo_id', 'in', [...found])
            .execute();
          await refreshAlbumStats(trx, [album.id]);
        }
        return { failed: ids.filter((id) => !found.has(id)) };
      });
    },
  );
}
