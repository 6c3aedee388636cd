import { randomUUID } from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';

/**
 * The OpenAPI document must say which routes need a token. The truth comes from behaviour, not
 * from the document: a route needs a token when a call without one is refused with 401 naming
 * `headers.authorization`. Every documented operation is called, so a route added later without
 * its security requirement (or with one it does not enforce) fails here.
 */
interface Operation {
  security?: unknown[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'options']);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('OpenAPI security', () => {
  it('marks exactly the routes that refuse a call without a token', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApi>();
    const mismatches: string[] = [];
    let protectedCount = 0;
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      // Any id fits the route's parameter rules; without a token it must not matter which.
      const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
      for (const [method, operation] of Object.entries(item)) {
        if (!METHODS.has(method)) continue;
        operations += 1;
        const response = await server.app.inject({
          method: method.toUpperCase() as HTTPMethods,
          url,
          headers: { host: `localhost:${server.port}` },
        });
        const refused =
          response.statusCode === 401 &&
          (response.json() as { field?: string }).field === 'headers.authorization';
        const documented = (operation.security ?? []).some((requirement) =>
          Object.keys(requirement as object).includes('bearerAuth'),
        );
        if (refused) protectedCount += 1;
        if (refused !== documented)
          mismatches.push(
            `${method.toUpperCase()} ${path}: ${refused ? 'needs a token' : `answers ${response.statusCode} without one`}, document says ${documented ? 'bearerAuth' : 'no security'}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
    // The photo and storage APIs alone have dozens of protected routes: the check saw them.
    expect(operations).toBeGreaterThan(60);
    expect(protectedCount).toBeGreaterThan(50);
  });
});
