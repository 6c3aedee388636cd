import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../src/http/http-error.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await buildTestApp({
    // Routes shaped like the API modules': zod schemas for body, query and params.
    setup: (instance) => {
      instance.withTypeProvider<ZodTypeProvider>().post(
        '/api/test/albums/:id',
        {
          schema: {
            params: z.object({ id: z.uuid() }),
            querystring: z.object({ limit: z.coerce.number().int().min(1).optional() }),
            body: z.object({
              name: z.string().min(1),
              photos: z.array(z.object({ photoId: z.string() })).optional(),
            }),
            response: { 200: z.object({ ok: z.boolean() }) },
          },
        },
        async () => ({ ok: true }),
      );
      instance.get('/api/test/http-error', async () => {
        throw new HttpError(409, 'Album name taken', 'body.name');
      });
      instance.get('/api/test/crash', async () => {
        throw new Error('secret database detail');
      });
      instance.get(
        '/api/test/bad-response',
        { schema: { response: { 200: z.object({ n: z.number() }) } } },
        async () => ({ n: 'x' }) as unknown as { n: number },
      );
    },
  }));
});
afterAll(async () => {
  await close();
});

const url = '/api/test/albums/6f1c2a52-4a59-4a61-9a67-1d3b5c0b7e11';
const post = (
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  path = url,
) => app.inject({ method: 'POST', url: path, headers, payload: body });

describe('error JSON (docs/conventions.md "API errors")', () => {
  it('passes valid input through', async () => {
    const response = await post(JSON.stringify({ name: 'Summer' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('names the body field of a schema violation', async () => {
    const response = await post(JSON.stringify({ name: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      field: 'body.name',
    });
    expect(response.json().message).toContain('body.name');
  });

  it('names nested body fields with dots', async () => {
    const response = await post(JSON.stringify({ name: 'a', photos: [{ photoId: 1 }] }));
    expect(response.json().field).toBe('body.photos.0.photoId');
  });

  it('names a wrong type at the top of the body as body', async () => {
    const response = await post(JSON.stringify([1, 2]));
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('body');
  });

  it('names query and params fields', async () => {
    const query = await post(JSON.stringify({ name: 'a' }), undefined, `${url}?limit=0`);
    expect(query.statusCode).toBe(400);
    expect(query.json().field).toBe('query.limit');
    const params = await post(
      JSON.stringify({ name: 'a' }),
      undefined,
      '/api/test/albums/not-a-uuid',
    );
    expect(params.statusCode).toBe(400);
    expect(params.json().field).toBe('params.id');
  });

  it('answers malformed JSON with 400 naming body', async () => {
    const response = await post('{"name": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON',
      field: 'body',
      correlationId: expect.any(String),
    });
  });

  it('answers an empty JSON body with 400 naming body', async () => {
    const response = await post('');
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('body');
  });

  it('answers an unsupported content type with 415 naming the header', async () => {
    const response = await post('name=x', { 'content-type': 'text/csv' });
    expect(response.statusCode).toBe(415);
    expect(response.json().field).toBe('headers.content-type');
  });

  it('answers an oversized body with 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, field: 'body' });
  });

  it('passes an HttpError through with its field', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/http-error' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Album name taken',
      field: 'body.name',
      correlationId: expect.any(String),
    });
  });

  it('hides the details of a crash behind a 500 JSON', async () => {
    for (const path of ['/api/test/crash', '/api/test/bad-response']) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
        correlationId: expect.any(String),
      });
    }
  });

  it('answers unknown API routes with 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/nope?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${method} /api/nope not found`,
        field: 'url',
        correlationId: expect.any(String),
      });
    }
  });
});

describe('OpenAPI document', () => {
  it('is served as JSON at /api/docs from the zod schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/storefront/config'].get.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'host', in: 'query', required: true }),
      ]),
    );
    expect(doc.paths['/api/me/identity'].get.responses['200']).toBeDefined();
    // Pages and the provider are not API.
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/oidc'))).toBe(false);
  });
});
