import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/http-error.ts';
import type { AccessTokenVerifier } from './access-token-verifier.ts';
import { bearerToken } from './access-token-verifier.ts';
import type { AuthUser } from './users.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one preHandler of authenticated routes (docs/conventions.md "Auth"): sets
     * `request.user` from a valid Bearer access token, or answers 401 JSON.
     * Use as `{ preHandler: app.authenticate }` or `app.addHook('preHandler', app.authenticate)`.
     */
    authenticate: (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<FastifyReply | undefined>;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; only read it on routes that use that preHandler. */
    user: AuthUser;
  }
}

/** Decorates `app.authenticate` and `request.user` on the root instance (call before routes). */
export function registerAuthenticate(app: FastifyInstance, verifier: AccessTokenVerifier): void {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const token = bearerToken(header);
    const user = token ? await verifier.verify(token) : undefined;
    if (!user) {
      const message =
        header === undefined
          ? 'Missing Authorization header'
          : token
            ? 'The access token is invalid or expired'
            : 'The Authorization header must be "Bearer <access token>"';
      reply.header('WWW-Authenticate', 'Bearer');
      // Returning the reply tells Fastify the hook answered; the handler does not run.
      return reply.code(401).send(errorBody(401, message, 'headers.authorization'));
    }
    request.user = user;
    return undefined;
  });
}

/** The OpenAPI security requirement of a route that needs a bearer access token. */
export const bearerSecurity = [{ bearerAuth: [] }];

/**
 * Puts a whole plugin scope behind a token: `app.authenticate` on onRequest (so callers without
 * one learn nothing from validation errors) and the bearer security requirement on every route
 * the scope documents, so the OpenAPI document at /api/docs cannot forget a protected route.
 * Call it before the scope's routes are added.
 */
export function requireToken(scope: FastifyInstance): void {
  scope.addHook('onRequest', scope.authenticate);
  scope.addHook('onRoute', (route) => {
    // The OpenAPI collector keeps this same options object and reads its schema when the
    // document is built, so completing the schema here is what the document shows.
    route.schema = { ...route.schema, security: route.schema?.security ?? bearerSecurity };
  });
}
