import {
  activationStartSchema,
  activationStatusResponseSchema,
  photoUserSchema,
} from '@photo/core/api/schemas/photo-user';
import type { TimelineMap } from '@photo/core/api/schemas/timeline';
import { timelineResponseSchema } from '@photo/core/api/schemas/timeline';
import { dataStamp } from '../../db/prepared-reads.ts';
import { HttpError } from '../../http/http-error.ts';
import { sendJsonText } from '../../http/send-json-text.ts';
import { sharedAlbumsSummary } from './albums-repository.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { findActivationStatus, photoUserCounts } from './photo-users-repository.ts';
import { timelineCounts } from './photos-repository.ts';

const tags = ['photo-management: users'];
/** Bound on the per-user timeline JSON cache (about 1 KB each); cleared when full. */
const TIMELINE_CACHE_USERS = 10_000;

export function usersRoutes(app: ZodApp, ctx: PhotoContext): void {
  const { db } = ctx;
  const timelineCache = new Map<string, { stamp: string; json: string }>();

  async function activationStatus(userId: string) {
    const status = await findActivationStatus(db, userId);
    if (!status) throw new HttpError(401, 'Unknown user', 'headers.authorization');
    return status;
  }

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'The photo-service user: counts, status, shared-albums summary',
        response: { 200: photoUserSchema },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const [status, counts, sharedAlbums] = await Promise.all([
        activationStatus(userId),
        photoUserCounts(db, userId),
        sharedAlbumsSummary(db, userId),
      ]);
      return { userId, ...counts, status, sharedAlbums };
    },
  );

  app.get(
    '/users/timeline',
    {
      schema: {
        tags,
        summary: 'Photo counts per year and month (January 1970 = no date)',
        response: { 200: timelineResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      // Hot path (first call of the library page). The JSON is kept per user while the
      // database is unchanged (any write, e.g. an upload, delete or import, changes the
      // stamp), so a repeat costs a map lookup instead of reading and encoding every month.
      const stamp = dataStamp(db);
      const cached = timelineCache.get(userId);
      if (stamp !== undefined && cached?.stamp === stamp) return sendJsonText(reply, cached.json);
      const timeline: TimelineMap = {};
      for (const row of await timelineCounts(db, userId)) {
        const year = (timeline[String(row.year)] ??= {});
        year[String(row.month)] = row.count;
      }
      // Built from integers we own, so it skips the schema re-validation of the serializer.
      const json = JSON.stringify({ timeline });
      // Stored only if nothing was written while the counts were read.
      if (stamp !== undefined && dataStamp(db) === stamp) {
        if (timelineCache.size >= TIMELINE_CACHE_USERS) timelineCache.clear();
        timelineCache.set(userId, { stamp, json });
      }
      return sendJsonText(reply, json);
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
    {
      schema: {
        tags,
        summary: 'Activation status',
        response: { 200: activationStatusResponseSchema },
      },
    },
    async (request) => ({ status: await activationStatus(request.user.id) }),
  );
}
