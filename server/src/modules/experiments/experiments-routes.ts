import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  experimentsSchema,
  SAMPLE_TEST,
  sampleTestVariants,
} from '@photo/core/api/schemas/observability';
import type { AppDeps } from '../../app-deps.ts';
import { assignedVariant } from './experiments-repository.ts';

/**
 * The A/B test (docs/product.md, "Page furniture"): `sample-test` with `control` and `A`, one
 * variant per account, drawn on the first ask and kept, so it is the same after a reload, in
 * another browser and in the desktop app. Only the caller's own assignment is readable.
 */
export const experimentsModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me',
    {
      schema: {
        tags: ['experiments'],
        security: [{ bearerAuth: [] }],
        summary: "The caller's variant of each A/B test (assigned on the first ask)",
        response: { 200: experimentsSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const variant = await assignedVariant(
        deps.db,
        request.user.id,
        SAMPLE_TEST,
        sampleTestVariants,
      );
      return { experiments: { [SAMPLE_TEST]: variant } as { 'sample-test': typeof variant } };
    },
  );
};
