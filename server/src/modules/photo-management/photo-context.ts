import path from 'node:path';
import type { AppDeps } from '../../app-deps.ts';
import { ContentStore } from '../../storage/content-store.ts';
import { ImageQueue } from '../../storage/image-queue.ts';
import { ThumbnailJobs } from '../../storage/thumbnail-jobs.ts';
import { ActivationService } from './activation-service.ts';
import { ArchiveService } from './archive-service.ts';
import type { PhotoContext } from './context.ts';
import { PhotoPresenter } from './photo-presenter.ts';
import { CursorCodec, ImageUrlSigner, Signer } from './signing.ts';
import { TrashService } from './trash-service.ts';

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
  const signer = await Signer.shared(deps.db, deps.paths.dataDir);
  const store = new ContentStore(deps.paths.storage);
  await store.init();
  const imageUrls = new ImageUrlSigner(signer);
  const images = new ImageQueue(deps.config.uploads.decodeConcurrency);
  return {
    db: deps.db,
    store,
    images,
    thumbnails: new ThumbnailJobs({ db: deps.db, store, images, jobs: deps.jobs }),
    presenter: new PhotoPresenter(deps.config.publicOrigin, imageUrls),
    cursors: new CursorCodec(signer),
    imageUrls,
    signer,
    archives: new ArchiveService({
      db: deps.db,
      store,
      push: deps.push,
      jobs: deps.jobs,
      dir: path.resolve(deps.paths.archives),
      ttlSeconds: deps.config.archiveTtlSeconds,
      instanceId: deps.config.jobs.instanceId,
      entryDelayMs: deps.config.jobs.archiveEntryDelayMs,
    }),
    activation: new ActivationService({
      db: deps.db,
      store,
      images,
      push: deps.push,
      jobs: deps.jobs,
      delayMs: deps.config.activationImportDelayMs,
      // Well within the time after which the queue counts a running job as lost.
      sliceMs: (deps.config.jobs.expireSeconds * 1000) / 3,
    }),
    trash: new TrashService({
      db: deps.db,
      store,
      jobs: deps.jobs,
      days: deps.config.trash.days,
      purgeIntervalSeconds: deps.config.trash.purgeIntervalSeconds,
    }),
    tokens: deps.tokens,
    publicOrigin: deps.config.publicOrigin,
    uploadMaxBytes: deps.config.uploadMaxBytes,
  };
}
