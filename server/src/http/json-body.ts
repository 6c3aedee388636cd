import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

/** `charset=…` of a Content-Type header (quotes removed, lower-cased), or undefined. */
function declaredCharset(contentType: string | undefined): string | undefined {
  for (const parameter of (contentType ?? '').split(';').slice(1)) {
    const [name, ...value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'charset')
      return value.join('=').trim().replace(/^"|"$/g, '').toLowerCase();
  }
  return undefined;
}

/**
 * JSON bodies are UTF-8 (RFC 8259): a body declared in another charset (UTF-7, Latin-1 …) would
 * be read as UTF-8 all the same, so what the client meant and what is stored could differ; it is
 * refused with 415 naming `headers.content-type` instead. No charset, or `utf-8`, is fine.
 * Parsing itself stays Fastify's own (empty bodies, prototype poisoning, the body limit).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const charset = declaredCharset(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8') {
      done(
        new HttpError(415, 'JSON bodies must be UTF-8 (charset=utf-8)', 'headers.content-type'),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, done);
  });
}
