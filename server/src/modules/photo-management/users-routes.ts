import {
  activationStartSchema,
  activationStatusResponseSchema,
  photoUserSchema,
} from '@photo/core/api/schemas/photo-user';
import type { TimelineMap } from '@photo/core/api/schemas/timeline';
import { timelineResponseSchema } from '@photo/core/api/schemas/timeline';
import { HttpError } from '../../http/http-error.ts';
import { sharedAlbumsSummary } from './albums-repository.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { timelineCounts } from './photos-repository.ts';
import { sendJsonText } from './photos-routes.ts';

const tags = ['photo-management: users'];

export function usersRoutes(app: ZodApp, ctx: PhotoContext): void {
  const { db } = ctx;

  async function activationStatus(userId: string) {
    const user = await db.selectFrom('users').select('activation_status').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new HttpError(401, 'Unknown user', 'headers.authorization');
    return user.activation_status;
  }

  app.get(
    '/users',
    { schema: { tags, summary: 'The photo-service user: counts, status, shared-albums summary', response: { 200: photoUserSchema } } },
    async (request) => {
      const userId = request.user.id;
      const [status, photos, albums, sharedAlbums] = await Promise.all([
        activationStatus(userId),
        db
          .selectFrom('photo_month_counts')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('albums')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
        sharedAlbumsSummary(db, userId),
      ]);
      return { userId, photosCount: Number(photos.n), albumsCount: Number(albums.n), status, sharedAlbums };
    },
  );

  app.get(
    '/users/timeline',
    { schema: { tags, summary: 'Photo counts per year and month (January 1970 = no date)', response: { 200: timelineResponseSchema } } },
    async (request, reply) => {
      const timeline: TimelineMap = {};
      for (const row of await timelineCounts(db, request.user.id)) {
        const year = (timeline[String(row.year)] ??= {});
        year[String(row.month)] = row.count;
      }
      // Hot path (first call of the library page): built from integers we own, so it skips
      // the schema re-validation of the serializer.
      return sendJsonText(reply, JSON.stringify({ timeline }));
    },
  );

  app.post(
    '/users/activate',
    {
      schema: {
        tags,
        summary: 'Start importing the legacy photos of a NOT_ACTIVE user',
        response: { 200: activationStartSchema },
      },
    },
    async (request) => {
      await activationStatus(request.user.id);
      return { started: await ctx.activation.activate(request.user.id) };
    },
  );

  app.get(
    '/users/activate',
    { schema: { tags, summary: 'Activation status', response: { 200: activationStatusResponseSchema } } },
    async (request) => ({ status: await activationStatus(request.user.id) }),
  );
}
