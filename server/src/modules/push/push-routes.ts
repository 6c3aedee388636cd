import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/**
 * The push module: `GET /push` upgraded to a websocket, whose protocol the shared hub
 * (`deps.push`) speaks; other modules publish to a user through that same hub.
 */
export const pushModule: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/push', { websocket: true, schema: { hide: true } }, (socket) => {
    deps.push.accept(socket);
  });
};
