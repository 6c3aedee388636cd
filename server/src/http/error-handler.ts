import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { $ZodError, config } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import { errorBody, HttpError } from './http-error.ts';
import type { ErrorBody } from './http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's `X-CorrelationId` (when well-formed) or one made here; echoed on the answer. */
    correlationId: string;
  }
}

/** What a correlation id may look like: the app sends UUIDs; other callers short plain ids. */
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * docs/product.md#messages: a failed request keeps its correlation id, so the server's log, the
 * app's error report and the answer can be matched. Every answer echoes the id in
 * `X-CorrelationId` (a missing or malformed one is replaced by a fresh id), and every JSON error
 * body carries it as `correlationId`, whichever code sent it (the error handler, `authenticate`,
 * the not-found handler).
 */
function registerCorrelationId(app: FastifyInstance): void {
  app.decorateRequest('correlationId', '');
  app.addHook('onRequest', async (request, reply) => {
    const sent = request.headers['x-correlationid'];
    request.correlationId =
      typeof sent === 'string' && CORRELATION_ID.test(sent) ? sent : randomUUID();
    reply.header('X-CorrelationId', request.correlationId);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{'))
      return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      return payload;
    try {
      const body = JSON.parse(payload) as Record<string, unknown>;
      if (typeof body.statusCode !== 'number' || 'correlationId' in body) return payload;
      return JSON.stringify({ ...body, correlationId: request.correlationId });
    } catch {
      return payload;
    }
  });
}

// The shared schemas are zod/mini, which registers no locale (classic zod does, on first use):
// set English explicitly so the error JSON's messages never fall back to a bare "Invalid input".
config(en());

/** Fastify names the query string `querystring`; our error bodies say `query` (conventions). */
const contextName: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

function fieldName(context: string | undefined, path: ReadonlyArray<PropertyKey> | string): string {
  const base = contextName[context ?? ''] ?? context ?? 'body';
  const segments = typeof path === 'string' ? path.split('/').filter(Boolean) : path.map(String);
  return [base, ...segments].join('.');
}

/** Fastify's own request errors, mapped to the field they concern. */
const fastifyErrorFields: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'headers.content-length',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'headers.content-type',
  FST_ERR_CTP_INVALID_TYPE: 'headers.content-type',
  FST_ERR_BAD_URL: 'url',
  FST_ERR_ASYNC_CONSTRAINT: 'url',
};

/** Turns any thrown value into the conventions' error JSON; 5xx never leak internals. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof HttpError) return errorBody(error.statusCode, error.message, error.field);

  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    const first = error.validation[0];
    const field = fieldName(context, first?.instancePath ?? '');
    const message = error.validation
      .map((issue) => `${fieldName(context, issue.instancePath)}: ${issue.message}`)
      .join('; ');
    return errorBody(400, message, field);
  }

  // $ZodError (zod core) also matches errors of the shared zod/mini schemas; classic ZodError would not.
  if (error instanceof $ZodError) {
    const first = error.issues[0];
    return errorBody(
      400,
      first?.message ?? 'Invalid input',
      first ? fieldName('body', first.path) : 'body',
    );
  }

  if (isResponseSerializationError(error)) return errorBody(500, 'Internal Server Error');

  const fastifyError = error as Partial<FastifyError> & {
    validation?: unknown;
    validationContext?: string;
  };
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    if (fastifyError.validation) {
      return errorBody(
        400,
        fastifyError.message ?? 'Invalid input',
        contextName[fastifyError.validationContext ?? ''] ?? 'body',
      );
    }
    const field = fastifyErrorFields[fastifyError.code ?? ''];
    const message =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'The request body is not valid JSON'
        : fastifyError.message;
    return errorBody(status, message ?? 'Bad Request', field);
  }
  return errorBody(status >= 500 && status < 600 ? status : 500, 'Internal Server Error');
}

/**
 * Every 4xx/5xx is JSON `{statusCode, error, message, field}` (docs/conventions.md): schema
 * violations name the offending input (`body.name`, `query.limit`), malformed JSON names
 * `body`, unknown API routes are 404 JSON. Bad input never becomes a 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  registerCorrelationId(app);
  app.setErrorHandler((error, request, reply) => {
    const body = toErrorBody(error);
    if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ statusCode: body.statusCode, field: body.field }, body.message);
    if (body.statusCode === 401 && !reply.hasHeader('WWW-Authenticate'))
      reply.header('WWW-Authenticate', 'Bearer');
    return reply.code(body.statusCode).send(body);
  });
}

export function notFoundBody(method: string, url: string): ErrorBody {
  const path = url.split('?')[0] ?? url;
  return errorBody(404, `Route ${method} ${path} not found`, 'url');
}
