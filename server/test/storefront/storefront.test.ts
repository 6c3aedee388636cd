// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { storefrontConfigSchema } from '@photo/core/api/schemas/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandHosts } from '../../src/config/brand-hosts.ts';
import { buildTestApp } from '../app/test-app.ts';

let test: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  test = await buildTestApp({ env: { STOREFRONT_FAIL_HOSTS: 'photobox-uk.localhost' } });
});
afterAll(async () => {
  await test.close();
});

const get = (query: string) =>
  test.app.inject({ method: 'GET', url: `/api/storefront/config${query}` });

describe('GET /api/storefront/config', () => {
  it('answers every brand host (but the failing one) with a valid config on its own storefront', async () => {
    for (const brand of brandHosts.filter((b) => b.host !== 'photobox-uk.localhost')) {
      const response = await get(`?host=${brand.host}`);
      expect(response.statusCode, brand.host).toBe(200);
      const config = storefrontConfigSchema.parse(response.json());
      expect(config.routes).toEqual(brand.storefrontRoutes);
      const urls = [...config.menus.top, ...config.menus.main, ...config.menus.footer].map(
        (item) => item.url,
      );
      for (const url of urls) expect(url.startsWith(brand.canonicalOrigin), url).toBe(true);
    }
  });

  it('labels the menus in the brand language', async () => {
    const nl = (await get('?host=albelli-nl.localhost')).json();
    const es = (await get('?host=hofmann-es.localhost')).json();
    const en = (await get('?host=localhost')).json();
    expect(nl.menus.main[0]).toEqual({
      label: 'Fotoboeken',
      url: 'https://www.albelli.nl/fotoboeken',
    });
    expect(es.menus.main[0].label).toBe('Fotolibros');
    expect(en.menus.main[0].label).toBe('Photo books');
    expect(nl.menus.top.map((item: { label: string }) => item.label)).toEqual([
      'Klantenservice',
      'Contact',
    ]);
  });

  it('accepts a host with a port and in any case', async () => {
    const response = await get('?host=Albelli-NL.localhost:8080');
    expect(response.statusCode).toBe(200);
    expect(response.json().routes.Main).toBe('https://www.albelli.nl/');
  });

  it('answers 400 naming query.host when the host is missing or malformed', async () => {
    for (const query of ['', '?host=', '?host=a/b', '?host=%3Cscript%3E']) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        field: 'query.host',
      });
    }
  });

  it('answers 404 for an unknown host', async () => {
    const response = await get('?host=shop.example.com');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Unknown brand host "shop.example.com"',
      field: 'query.host',
      correlationId: expect.any(String),
    });
  });

  it('fails on purpose for the hosts in STOREFRONT_FAIL_HOSTS (to test the client fallback)', async () => {
    const response = await get('?host=photobox-uk.localhost');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      statusCode: 503,
      error: 'Service Unavailable',
      field: 'query.host',
    });
  });

  it('serves the cookie consent settings of a brand', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/storefront/cookie-consent?host=albelli-nl.localhost',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      revision: 1,
      policyUrl: 'https://www.albelli.nl/cookies',
      categories: ['analytics', 'marketing'],
    });
  });
});
