import { access } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundBody } from './error-handler.ts';

/** Paths the server answers itself: never the SPA's index.html. */
const SERVER_PREFIXES = ['/api/', '/oidc/', '/push', '/config.json', '/locales/'];

function isServerPath(path: string): boolean {
  return (
    path === '/api' || path === '/oidc' || SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Web app not built</title></head>
<body><main><h1>The web app is not built yet</h1>
<p>Run <code>npm run build:web</code> in the repository root (or start with <code>npm start</code>, which builds it), then reload this page.</p>
</main></body></html>`;

/**
 * The built web app (`web/dist`) with SPA fallback: any GET that is not a server path and not
 * a missing file gets `index.html`, so deep links like `/my-photos/albums/…` load the app.
 * Hashed assets are cached for a year; `index.html` is always revalidated.
 * Registers the app's not-found handler, so it must run last (after every route).
 */
export async function webApp(
  app: FastifyInstance,
  { webRoot }: { webRoot: string },
): Promise<void> {
  const indexFile = join(webRoot, 'index.html');
  if (existsSync(webRoot)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await access(indexFile);
    } catch {
      return reply
        .code(503)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(MISSING_BUILD_PAGE);
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .sendFile('index.html', webRoot, { cacheControl: false });
  };

  // The static plugin would answer the root directory itself with 403 (no directory index).
  app.get('/', { schema: { hide: true } }, sendIndex);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(lastSegment);
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(path) &&
      !looksLikeFile
    ) {
      return sendIndex(request, reply);
    }
    return reply.code(404).send(notFoundBody(request.method, request.url));
  });
}

// Like fastify-plugin: run in the parent's scope, so the not-found handler is the app's own.
Object.assign(webApp, { [Symbol.for('skip-override')]: true });
