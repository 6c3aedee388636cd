import {
  idParamsSchema,
  PAGE_LIMITS,
  pageQuerySchema,
  photoListQuerySchema,
} from '@photo/core/api/schemas/paging';
import { sharedPhotoPageSchema } from '@photo/core/api/schemas/photo';
import {
  sharedAlbumPageSchema,
  sharedAlbumParticipantsSchema,
  sharedAlbumSchema,
  sharedAlbumsSummarySchema,
} from '@photo/core/api/schemas/shared-album';
import { readableAlbum } from './album-access.ts';
import { presentSharedAlbums } from './album-presenter.ts';
import { leaveSharedAlbum, listAlbumPhotos, sharedAlbumsSummary } from './albums-repository.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { albumListPage, sendPhotoPage } from './list-pages.ts';
import { trashAlbum } from './trash-repository.ts';

const tags = ['photo-management: shared albums'];

export function sharedAlbumsRoutes(app: ZodApp, ctx: PhotoContext): void {
  const { db, presenter } = ctx;
  const sharedAlbum = (userId: string, albumId: string) =>
    readableAlbum(ctx, userId, albumId, { shared: true });

  app.get(
    '/shared-albums',
    {
      schema: {
        tags,
        summary:
          'Shared albums the caller owns or participates in, newest first (first page 49, then 50)',
        querystring: pageQuerySchema,
        response: { 200: sharedAlbumPageSchema },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const page = await albumListPage(ctx, userId, request.query, {
        name: `shared-albums|${userId}`,
        includeReadable: true,
        sharedOnly: true,
      });
      return {
        albums: await presentSharedAlbums(db, presenter, page.items, userId),
        cursor: page.cursor,
      };
    },
  );

  app.get(
    '/shared-albums/summary',
    {
      schema: {
        tags,
        summary: 'readAlbumsCount / grantedAlbumsCount',
        response: { 200: sharedAlbumsSummarySchema },
      },
    },
    async (request) => sharedAlbumsSummary(db, request.user.id),
  );

  app.get(
    '/shared-albums/:id',
    {
      schema: {
        tags,
        summary: 'One shared album with owner and participants',
        params: idParamsSchema,
        response: { 200: sharedAlbumSchema },
      },
    },
    async (request) => {
      const { album } = await sharedAlbum(request.user.id, request.params.id);
      const [presented] = await presentSharedAlbums(db, presenter, [album], request.user.id);
      return presented!;
    },
  );

  app.get(
    '/shared-albums/:id/participants',
    {
      schema: {
        tags,
        summary: 'Owner and participants of a shared album',
        params: idParamsSchema,
        response: { 200: sharedAlbumParticipantsSchema },
      },
    },
    async (request) => {
      const { album } = await sharedAlbum(request.user.id, request.params.id);
      const [presented] = await presentSharedAlbums(db, presenter, [album], request.user.id);
      return { owner: presented!.owner, participants: presented!.participants };
    },
  );

  app.get(
    '/shared-albums/:id/photos',
    {
      schema: {
        tags,
        summary:
          'Photos of a shared album (with ownerId), paged (500) and sorted (default created desc)',
        params: idParamsSchema,
        querystring: photoListQuerySchema,
        response: { 200: sharedPhotoPageSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const { album } = await sharedAlbum(userId, request.params.id);
      return sendPhotoPage(ctx, reply, userId, {
        query: request.query,
        defaults: { sortKey: 'created', sortOrder: 'desc', limit: PAGE_LIMITS.photos },
        name: `shared-album|${album.id}|${userId}`,
        load: (spec) => listAlbumPhotos(db, album.id, spec),
        withOwner: true,
      });
    },
  );

  app.delete(
    '/shared-albums/:id',
    {
      schema: {
        tags,
        summary:
          'Owner: delete the album for everyone (photos stay in their accounts). Participant: leave it; the photos they added leave the album',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const { album, role } = await sharedAlbum(userId, request.params.id);
      if (role === 'owner') await trashAlbum(db, album, ctx.trash.now());
      else await leaveSharedAlbum(db, album.id, userId);
      return reply.code(204).send();
    },
  );
}
