import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireToken } from '../../auth/authenticate.ts';
import { albumsRoutes } from './albums-routes.ts';
import type { ZodApp } from './context.ts';
import { archiveFileRoute, downloadsRoutes } from './downloads-routes.ts';
import { imagesRoutes } from './images-routes.ts';
import { photoContextFor } from './photo-context.ts';
import { photosRoutes } from './photos-routes.ts';
import { sharedAlbumsRoutes } from './shared-albums-routes.ts';
import { tempSelectionsRoutes } from './temp-selections-routes.ts';
import { trashRoutes } from './trash-routes.ts';
import { usersRoutes } from './users-routes.ts';

/**
 * The photo-management API of docs/product.md#apis (mounted at /api/photo). Every route needs a bearer
 * token (`app.authenticate` on onRequest, so unauthenticated callers learn nothing from
 * validation errors) except the image and archive byte routes, whose signed URLs are the
 * credential because `<img>` tags and anchors cannot send headers.
 */
export const photoManagementModule: FastifyPluginAsync<{ deps: AppDeps }> = async (
  root,
  { deps },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>() as ZodApp;
  const ctx = await photoContextFor(deps);
  await ctx.archives.start();
  await ctx.activation.start();
  ctx.thumbnails.log = app.log;
  await ctx.thumbnails.start();
  ctx.trash.log = app.log;
  await ctx.trash.start();
  app.addHook('onClose', async () => {
    await ctx.archives.stop();
    await ctx.activation.stop();
    await ctx.thumbnails.stop();
  });

  imagesRoutes(app, ctx);
  archiveFileRoute(app, ctx);

  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>() as ZodApp;
    requireToken(api);
    usersRoutes(api, ctx);
    await photosRoutes(api, ctx);
    albumsRoutes(api, ctx);
    sharedAlbumsRoutes(api, ctx);
    downloadsRoutes(api, ctx);
    tempSelectionsRoutes(api, ctx);
    trashRoutes(api, ctx);
  });
};
