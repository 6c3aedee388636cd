import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';

const tags = ['identity'];
const identitySchema = z.object({ id: z.string(), email: z.string(), isBusiness: z.boolean() });

/**
 * The identity module (mounted at /api): `GET /api/me/identity`, who the Bearer token belongs to,
 * and the account identity API of docs/product.md#apis below `/api/identity`.
 */
export const identityModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me/identity',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: identitySchema },
      },
    },
    async (request) => request.user,
  );
};
