import { THUMBNAIL_SIZES } from '@photo/core/api/schemas/photo';
import { readServerConfig } from '../config/server-config.ts';
import { ALLOCATOR_ENV, backgroundDecodeSlots } from '../storage/image-queue.ts';

/**
 * What `npm run bench:upload`'s sharp-only thumbnail baseline copies from the server, so both
 * make the same thumbnails at the same parallelism: the sizes, the allocator environment the
 * server starts with (sharp picks its thread count from it), and how many background thumbnail
 * decodes the server runs at once with the settings in `env`.
 */
export const serverThumbnailSettings = (env: NodeJS.ProcessEnv = process.env) => ({
  sizes: [...THUMBNAIL_SIZES],
  allocatorEnv: ALLOCATOR_ENV,
  decodesAtOnce: backgroundDecodeSlots(readServerConfig(env).uploads.decodeConcurrency),
});
