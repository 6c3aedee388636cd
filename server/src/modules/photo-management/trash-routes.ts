import { pageQuerySchema } from '@photo/core/api/schemas/paging';
import { failedIdsResponseSchema } from '@photo/core/api/schemas/photo';
import {
  emptyTrashResponseSchema,
  purgePhotosRequestSchema,
  restorePhotosRequestSchema,
  TRASH_PAGE_LIMIT,
  trashAlbumListSchema,
  trashAlbumsRequestSchema,
  trashPhotoPageSchema,
} from '@photo/core/api/schemas/trash';
import { sendJsonText } from '../../http/send-json-text.ts';
import { presentAlbums } from './album-presenter.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { toPage } from './paging.ts';
import {
  listTrashedAlbums,
  listTrashedPhotos,
  purgeTrashedAlbums,
  purgeTrashedPhotos,
  restoreAlbums,
  restorePhotos,
} from './trash-repository.ts';

const tags = ['photo-management: recently deleted'];

/**
 * Recently deleted (docs/product.md#recently-deleted): the caller's own deleted photos and
 * albums only, whoever else shares an album with them. Deleting photos (DELETE /photos,
 * DELETE /photos/all) and own albums (DELETE /albums/{id}) puts them here for the server's
 * TRASH_DAYS; these routes list, restore and delete them for good.
 */
export function trashRoutes(app: ZodApp, ctx: PhotoContext): void {
  const { db, presenter, trash } = ctx;

  app.get(
    '/photos/trash',
    {
      schema: {
        tags,
        summary: `Photos in Recently deleted, newest deletion first, paged (${TRASH_PAGE_LIMIT}), with deletedAt and purgeAt`,
        querystring: pageQuerySchema,
        response: { 200: trashPhotoPageSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const context = `trash|${userId}`;
      const after = request.query.cursor ? ctx.cursors.decode(context, request.query.cursor) : null;
      const limit = request.query.limit ?? TRASH_PAGE_LIMIT;
      const rows = await listTrashedPhotos(db, userId, limit, after);
      const page = toPage(rows, limit, ctx.cursors, context, (row) => [row.deleted_at, row.id]);
      const photos = page.items.map(
        (row) =>
          `{"deletedAt":${JSON.stringify(row.deleted_at)},"purgeAt":${JSON.stringify(trash.purgeAt(row.deleted_at))},${presenter.json(row, userId).slice(1)}`,
      );
      const cursor = page.cursor === null ? 'null' : JSON.stringify(page.cursor);
      return sendJsonText(reply, `{"cursor":${cursor},"photos":[${photos.join(',')}]}`);
    },
  );

  app.get(
    '/albums/trash',
    {
      schema: {
        tags,
        summary:
          'Own albums in Recently deleted, newest deletion first, with deletedAt and purgeAt',
        response: { 200: trashAlbumListSchema },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const rows = await listTrashedAlbums(db, userId);
      const albums = await presentAlbums(db, presenter, rows, userId);
      return {
        albums: albums.map((album, i) => ({
          ...album,
          deletedAt: rows[i]!.deleted_at,
          purgeAt: trash.purgeAt(rows[i]!.deleted_at),
        })),
      };
    },
  );

  app.post(
    '/photos/trash/restore',
    {
      schema: {
        tags,
        summary:
          'Restore photos (photoIds, or every photo of one delete: deletionId) to their months and albums; answers the ids not in the caller’s Recently deleted',
        body: restorePhotosRequestSchema,
        response: { 200: failedIdsResponseSchema },
      },
    },
    async (request) => {
      const { photoIds, deletionId } = request.body;
      const failed = await restorePhotos(
        db,
        request.user.id,
        deletionId !== undefined ? { deletionId } : { photoIds: photoIds ?? [] },
      );
      return { failed };
    },
  );

  app.post(
    '/albums/trash/restore',
    {
      schema: {
        tags,
        summary:
          'Restore own albums with their shares and photos; answers the ids not in the caller’s Recently deleted',
        body: trashAlbumsRequestSchema,
        response: { 200: failedIdsResponseSchema },
      },
    },
    async (request) => ({
      failed: await restoreAlbums(db, request.user.id, request.body.albumIds),
    }),
  );

  app.delete(
    '/photos/trash',
    {
      schema: {
        tags,
        summary:
          'Delete photos in Recently deleted for good (their files go); answers the ids that were not there',
        body: purgePhotosRequestSchema,
        response: { 200: failedIdsResponseSchema },
      },
    },
    async (request) => {
      const result = await purgeTrashedPhotos(db, {
        userId: request.user.id,
        photoIds: request.body.photoIds,
      });
      await trash.collect(result.hashes);
      return { failed: result.failed };
    },
  );

  app.delete(
    '/albums/trash',
    {
      schema: {
        tags,
        summary:
          'Delete albums in Recently deleted for good (their photos stay); answers the ids that were not there',
        body: trashAlbumsRequestSchema,
        response: { 200: failedIdsResponseSchema },
      },
    },
    async (request) => {
      const result = await purgeTrashedAlbums(db, {
        userId: request.user.id,
        albumIds: request.body.albumIds,
      });
      return { failed: result.failed };
    },
  );

  app.delete(
    '/photos/trash/all',
    {
      schema: {
        tags,
        summary:
          'Empty Recently deleted: every photo (files go) and album in it is deleted for good',
        response: { 200: emptyTrashResponseSchema },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const photos = await purgeTrashedPhotos(db, { userId, photoIds: 'all' });
      await trash.collect(photos.hashes);
      const albums = await purgeTrashedAlbums(db, { userId, albumIds: 'all' });
      return { deleted: photos.deleted, deletedAlbums: albums.deleted };
    },
  );
}
