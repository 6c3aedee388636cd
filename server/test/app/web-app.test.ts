import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeWebRoot } from './test-app.ts';

let webRoot: string;
beforeAll(async () => {
  webRoot = await makeWebRoot('console.log(1)');
});
afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

describe('web app with SPA fallback', () => {
  it('serves index.html for app routes and hashed assets with long caching', async () => {
    const { app, close } = await buildTestApp({ webRoot });
    try {
      for (const path of ['/', '/my-photos/albums/123', '/settings?stripped=true']) {
        const response = await app.inject({ method: 'GET', url: path });
        expect(response.statusCode, path).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain('<div id="root">');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await close();
    }
  });

  it('never answers server paths or missing files with index.html', async () => {
    const { app, close } = await buildTestApp({ webRoot });
    try {
      for (const path of ['/assets/missing.js', '/api/unknown', '/oidc', '/locales/', '/push/x']) {
        const response = await app.inject({ method: 'GET', url: path });
        expect(response.statusCode, path).toBe(404);
        expect(response.json().statusCode, path).toBe(404);
      }
      const post = await app.inject({ method: 'POST', url: '/my-photos' });
      expect(post.statusCode).toBe(404);
      expect(post.json().error).toBe('Not Found');
    } finally {
      await close();
    }
  });

  it('explains how to build the web app when web/dist is missing', async () => {
    const { app, close } = await buildTestApp({ webRoot: join(webRoot, 'does-not-exist') });
    try {
      const response = await app.inject({ method: 'GET', url: '/my-photos' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('npm run build:web');
      // The APIs still work.
      expect((await app.inject({ method: 'GET', url: '/config.json' })).statusCode).toBe(200);
    } finally {
      await close();
    }
  });
});
