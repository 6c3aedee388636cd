import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AccessTokenVerifier } from '../../auth/access-token-verifier.ts';
import type { Db } from '../../db/database.ts';
import type { ContentStore } from '../../storage/content-store.ts';
import type { ImageQueue } from '../../storage/image-queue.ts';
import type { ThumbnailJobs } from '../../storage/thumbnail-jobs.ts';
import type { ActivationService } from './activation-service.ts';
import type { ArchiveService } from './archive-service.ts';
import type { PhotoPresenter } from './photo-presenter.ts';
import type { CursorCodec, ImageUrlSigner, Signer } from './signing.ts';
import type { TrashService } from './trash-service.ts';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Everything the photo-management routes share, built once per app in `photo-context.ts`. */
export interface PhotoContext {
  db: Db;
  store: ContentStore;
  /** Every image decode goes through this bounded queue (uploads, the legacy import). */
  images: ImageQueue;
  /** Makes uploads' thumbnails after they were answered; on demand for an early request. */
  thumbnails: ThumbnailJobs;
  presenter: PhotoPresenter;
  cursors: CursorCodec;
  imageUrls: ImageUrlSigner;
  /** Signs archive URLs. */
  signer: Signer;
  archives: ArchiveService;
  activation: ActivationService;
  /** Recently deleted: its days, clock and purge job. */
  trash: TrashService;
  tokens: AccessTokenVerifier;
  publicOrigin: string;
  uploadMaxBytes: number;
}
