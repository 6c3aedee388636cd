import { randomUUID } from 'node:crypto';
import { idParamsSchema } from '@photo/core/api/schemas/paging';
import {
  createTempSelectionRequestSchema,
  createTempSelectionResponseSchema,
  tempSelectionSchema,
} from '@photo/core/api/schemas/temp-selection';
import { HttpError } from '../../http/http-error.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { ownPhotoIds } from './photos-repository.ts';

const tags = ['photo-management: temp selections'];

/** Temp selections: the photo list handed to the print editor (docs/product.md#screens order prints). */
export function tempSelectionsRoutes(app: ZodApp, ctx: PhotoContext): void {
  const { db } = ctx;

  app.post(
    '/temp-selections',
    {
      schema: {
        tags,
        summary: 'Store a selection of own photos for the print editor',
        body: createTempSelectionRequestSchema,
        response: { 201: createTempSelectionResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const ids = [...new Set(request.body.photoIds)];
      const own = new Set<string>();
      for (let i = 0; i < ids.length; i += 500) {
        for (const id of await ownPhotoIds(db, userId, ids.slice(i, i + 500))) own.add(id);
      }
      const missing = ids.filter((id) => !own.has(id));
      if (missing.length > 0)
        throw new HttpError(
          404,
          `Photos not found: ${missing.slice(0, 20).join(', ')}`,
          'body.photoIds',
        );
      const tempSelectionId = randomUUID();
      await db
        .insertInto('temp_selections')
        .values({
          id: tempSelectionId,
          user_id: userId,
          photo_ids: JSON.stringify(ids),
          created: new Date().toISOString(),
        })
        .execute();
      reply.code(201);
      return { tempSelectionId };
    },
  );

  app.get(
    '/temp-selections/:id',
    {
      schema: {
        tags,
        summary: 'One own temp selection',
        params: idParamsSchema,
        response: { 200: tempSelectionSchema },
      },
    },
    async (request) => {
      const row = await db
        .selectFrom('temp_selections')
        .select('photo_ids')
        .where('id', '=', request.params.id)
        .where('user_id', '=', request.user.id)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, 'Temp selection not found', 'params.id');
      return { photoIds: JSON.parse(row.photo_ids) as string[] };
    },
  );
}
