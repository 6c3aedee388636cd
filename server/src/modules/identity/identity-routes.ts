import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const identitySchema = z.object({ id: z.string(), email: z.string(), isBusiness: z.boolean() });

/** `GET /api/me/identity`: who the Bearer token belongs to (the smallest authenticated route). */
export async function identityRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/me/identity',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: identitySchema },
      },
    },
    async (request) => request.user,
  );
}
