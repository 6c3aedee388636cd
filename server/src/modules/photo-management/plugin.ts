import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireToken } from '../../auth/authenticate.ts';
import { ContentStore } from '../../storage/content-store.ts';
import { ImageQueue } from '../../storage/image-queue.ts';
import { ThumbnailJobs } from '../../storage/thumbnail-jobs.ts';
import { ActivationService } from './activation-service.ts';
import { ArchiveService } from './archive-service.ts';
import { albumsRoutes } from './albums-routes.ts';
import type { PhotoContext, ZodApp } from './context.ts';
import { archiveFileRoute, downloadsRoutes } from './downloads-routes.ts';
import { imagesRoutes } from './images-routes.ts';
import { PhotoPresenter } from './photo-presenter.ts';
import { photosRoutes } from './photos-routes.ts';
import { sharedAlbumsRoutes } from './shared-albums-routes.ts';
import { CursorCodec, ImageUrlSigner, Signer } from './signing.ts';
import { tempSelectionsRoutes } from './temp-selections-routes.ts';
import { usersRoutes } from './users-routes.ts';

const contexts = new WeakMap<AppDeps, Promise<PhotoContext>>();

/**
 * The module's services on the app's shared dependencies, built once per app: the storage
 * module ingests uploads through the same store, image queue and presenter.
 */
export function photoContextFor(deps: AppDeps): Promise<PhotoContext> {
  let context = contexts.get(deps);
  if (!context) contexts.set(deps, (context = createPhotoContext(deps)));
  return context;
}

async function createPhotoContext(deps: AppDeps): Promise<PhotoContext> {
  const signer = Signer.fromDataDir(deps.paths.dataDir);
  const store = new ContentStore(deps.paths.storage);
  await store.init();
  const imageUrls = new ImageUrlSigner(signer);
  const images = new ImageQueue(deps.config.uploads.decodeConcurrency);
  return {
    db: deps.db,
    store,
    images,
    thumbnails: new ThumbnailJobs({ db: deps.db, store, images }),
    presenter: new PhotoPresenter(deps.config.publicOrigin, imageUrls),
    cursors: new CursorCodec(signer),
    imageUrls,
    signer,
    archives: new ArchiveService({
      db: deps.db,
      store,
      push: deps.push,
      dir: path.resolve(deps.paths.archives),
      ttlSeconds: deps.config.archiveTtlSeconds,
    }),
    activation: new ActivationService({
      db: deps.db,
      store,
      images,
      push: deps.push,
      delayMs: deps.config.activationImportDelayMs,
    }),
    tokens: deps.tokens,
    publicOrigin: deps.config.publicOrigin,
    uploadMaxBytes: deps.config.uploadMaxBytes,
  };
}

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
  });
};
