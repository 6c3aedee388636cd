import { idParamsSchema } from '@photo/core/api/schemas/paging';
import {
  createTempSelectionRequestSchema,
  createTempSelectionResponseSchema,
  tempSelectionSchema,
} from '@photo/core/api/schemas/temp-selection';
import { HttpError } from '../../http/http-error.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { ownPhotoIds } from './photos-repository.ts';
import { findTempSelection, insertTempSelection } from './temp-selections-repository.ts';

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
      const own = await ownPhotoIds(db, userId, ids);
      const missing = ids.filter((id) => !own.has(id));
      if (missing.length > 0)
        throw new HttpError(
          404,
          `Photos not found: ${missing.slice(0, 20).join(', ')}`,
          'body.photoIds',
        );
      const tempSelectionId = await insertTempSelection(db, userId, ids);
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
      const photoIds = await findTempSelection(db, request.user.id, request.params.id);
      if (!photoIds) throw new HttpError(404, 'Temp selection not found', 'params.id');
      return { photoIds };
    },
  );
}
