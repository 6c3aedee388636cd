import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '@photo/core/api/schemas/config';

/** `GET /config.json`: read by the app before anything else (docs/product.md#states Auth). */
export async function configRoutes(
  app: FastifyInstance,
  { clientConfig }: { clientConfig: ClientConfig },
): Promise<void> {
  const body = JSON.stringify(clientConfig);
  app.get('/config.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(body),
  );
}
