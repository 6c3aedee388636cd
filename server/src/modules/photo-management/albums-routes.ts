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
import { ownedAlbum, readableAlbum } from './album-access.ts';
import { presentAlbums } from './album-presenter.ts';
import {
  addOwnPhotosToAlbum,
  createAlbum,
  listAlbumPhotos,
  removeAlbumPhotos,
  renameAlbum,
} from './albums-repository.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { albumListPage, sendPhotoPage } from './list-pages.ts';
import { trashAlbum } from './trash-repository.ts';

const tags = ['photo-management: albums'];

export function albumsRoutes(app: ZodApp, ctx: PhotoContext): void {
  const { db, presenter } = ctx;

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
      const albumId = await createAlbum(db, request.user.id, request.body.name.trim());
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
      const page = await albumListPage(ctx, userId, request.query, {
        name: `albums|${userId}|${includeReadable}`,
        includeReadable,
        sharedOnly: false,
      });
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
      await renameAlbum(db, album.id, updated.name, updated.updated);
      const [presented] = await presentAlbums(db, presenter, [updated], request.user.id);
      return presented!;
    },
  );

  app.delete(
    '/albums/:id',
    {
      schema: {
        tags,
        summary:
          'Delete an album: it goes to Recently deleted (restore: POST /albums/trash/restore); its photos stay in the library',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { album } = await ownedAlbum(ctx, request.user.id, request.params.id);
      await trashAlbum(db, album, ctx.trash.now());
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
      return sendPhotoPage(ctx, reply, userId, {
        query: request.query,
        defaults: { sortKey: 'created', sortOrder: 'desc', limit: PAGE_LIMITS.photos },
        name: `album|${album.id}|${userId}`,
        load: (spec) => listAlbumPhotos(db, album.id, spec),
      });
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
      return { failed: await addOwnPhotosToAlbum(db, album.id, userId, ids) };
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
      return { failed: await removeAlbumPhotos(db, album.id, ids) };
    },
  );
}
