import type { FastifyInstance } from 'fastify';
import type { PushHub } from './push-hub.ts';

/** `GET /push` upgraded to a websocket; the hub does the protocol. */
export async function pushRoutes(app: FastifyInstance, { hub }: { hub: PushHub }): Promise<void> {
  app.get('/push', { websocket: true, schema: { hide: true } }, (socket) => {
    hub.accept(socket);
  });
}
