// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../app/test-app.ts';

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await buildTestApp({
    setup: (instance) => {
      instance.post('/api/test/echo', async (request) => ({ body: request.body }));
    },
  }));
});
afterAll(async () => {
  await close();
});

const post = (contentType: string, payload = '{"name":"Zoë"}') =>
  app.inject({
    method: 'POST',
    url: '/api/test/echo',
    headers: { 'content-type': contentType },
    payload,
  });

describe('JSON bodies are UTF-8 only', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/json; charset="utf-8"',
  ])('accepts %s', async (contentType) => {
    const response = await post(contentType);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { name: 'Zoë' } });
  });

  it.each([
    'application/json; charset=utf-7',
    'application/json; charset=iso-8859-1',
    'application/json; charset=utf-16le',
    'application/json; charset=',
  ])('refuses %s with 415 naming headers.content-type', async (contentType) => {
    const response = await post(contentType, '{"name":"+ADw-script+AD4-"}');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      statusCode: 415,
      error: 'Unsupported Media Type',
      field: 'headers.content-type',
    });
  });

  it('keeps the parser rules: empty, malformed and poisoned bodies are 400', async () => {
    expect((await post('application/json', '')).json()).toMatchObject({
      statusCode: 400,
      field: 'body',
    });
    expect((await post('application/json', '{"name":')).json()).toMatchObject({
      statusCode: 400,
      field: 'body',
    });
    const poisoned = await post('application/json', '{"__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
  });
});
