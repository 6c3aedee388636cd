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
import { HttpError } from '../../http/http-error.ts';
import { presentSharedAlbums } from './album-presenter.ts';
import type { AlbumAccess } from './albums-repository.ts';
import {
  albumPosition,
  findAlbumAccess,
  listAlbumPhotos,
  listAlbums,
  refreshAlbumStats,
  sharedAlbumsSummary,
} from './albums-repository.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { pageSpec } from './context.ts';
import { sortedRowPosition, toPage } from './paging.ts';
import { sendJsonText } from './photos-routes.ts';

const tags = ['photo-management: shared albums'];

/** A shared album the caller owns or participates in; 404 otherwise (also for unshared albums). */
export async function readableSharedAlbum(
  ctx: PhotoContext,
  userId: string,
  albumId: string,
  field = 'params.id',
): Promise<AlbumAccess> {
  const access = await findAlbumAccess(ctx.db, userId, albumId);
  if (!access || access.album.is_shared !== 1)
    throw new HttpError(404, 'Shared album not found', field);
  return access;
}

export function sharedAlbumsRoutes(app: ZodApp, ctx: PhotoContext): void {
  const { db, presenter, cursors } = ctx;

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
      const context = `shared-albums|${userId}`;
      const after = request.query.cursor ? cursors.decode(context, request.query.cursor) : null;
      const limit =
        request.query.limit ?? (after ? PAGE_LIMITS.albums : PAGE_LIMITS.firstAlbumPage);
      const rows = await listAlbums(db, userId, {
        includeReadable: true,
        sharedOnly: true,
        limit,
        after,
      });
      const page = toPage(rows, limit, cursors, context, albumPosition);
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
      const { album } = await readableSharedAlbum(ctx, request.user.id, request.params.id);
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
      const { album } = await readableSharedAlbum(ctx, request.user.id, request.params.id);
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
      const { album } = await readableSharedAlbum(ctx, userId, request.params.id);
      const { spec, context } = pageSpec(
        ctx,
        request.query,
        { sortKey: 'created', sortOrder: 'desc', limit: PAGE_LIMITS.photos },
        `shared-album|${album.id}|${userId}`,
      );
      const page = toPage(
        await listAlbumPhotos(db, album.id, spec),
        spec.limit,
        cursors,
        context,
        sortedRowPosition,
      );
      return sendJsonText(reply, presenter.pageJson(page.items, userId, page.cursor, true));
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
      const { album, role } = await readableSharedAlbum(ctx, userId, request.params.id);
      await db.transaction().execute(async (trx) => {
        if (role === 'owner') {
          await trx.deleteFrom('album_photos').where('album_id', '=', album.id).execute();
          await trx.deleteFrom('album_participants').where('album_id', '=', album.id).execute();
          await trx.deleteFrom('albums').where('id', '=', album.id).execute();
        } else {
          await trx
            .deleteFrom('album_photos')
            .where('album_id', '=', album.id)
            .where('added_by', '=', userId)
            .execute();
          await trx
            .deleteFrom('album_participants')
            .where('album_id', '=', album.id)
            .where('user_id', '=', userId)
            .execute();
          await refreshAlbumStats(trx, [album.id]);
        }
      });
      return reply.code(204).send();
    },
  );
}
