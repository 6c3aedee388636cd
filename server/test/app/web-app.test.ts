// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonForScriptBlock, routePreloadFor } from '../../src/http/web-app.ts';
import { buildTestApp, makeWebRoot } from './test-app.ts';

let webRoot: string;
beforeAll(async () => {
  webRoot = await makeWebRoot('console.log(1)');
  // The head of the real web/index.html, as the server gets it from the build.
  await writeFile(
    join(webRoot, 'index.html'),
    [
      '<!doctype html><html lang="en-GB"><head>',
      '<meta name="theme-color" content="#ffffff" />',
      '<meta name="robots" content="noindex" />',
      '<link rel="icon" href="/favicon.ico" />',
      '<title>My account</title>',
      '</head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
    ].join('\n'),
  );
  await mkdir(join(webRoot, 'favicons'));
  for (const name of ['pbx', 'hfm', 'alb']) {
    await writeFile(join(webRoot, 'favicons', `${name}.ico`), `icon of ${name}`);
  }
});
afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

describe('routePreloadFor', () => {
  const hint = (name: string) => ({ scripts: [`/assets/${name}.js`], styles: [] });
  const preloads = {
    '/my-photos/albums': hint('albums'),
    '/my-photos/:tab': hint('tab'),
    '/my-photos/albums/:id': hint('album'),
    '/orders/:orderCode': hint('order'),
  };
  it('takes the exact path, else the pattern with the fewest parameters, else none', () => {
    expect(routePreloadFor(preloads, '/my-photos/albums')).toEqual(hint('albums'));
    expect(routePreloadFor(preloads, '/my-photos/shared-albums')).toEqual(hint('tab'));
    expect(routePreloadFor(preloads, '/my-photos/albums/x')).toEqual(hint('album'));
    expect(routePreloadFor(preloads, '/orders/A-1')).toEqual(hint('order'));
    expect(routePreloadFor(preloads, '/orders')).toBeUndefined();
    expect(routePreloadFor(preloads, '/orders/')).toBeUndefined();
    expect(routePreloadFor(preloads, '/orders/A-1/x')).toBeUndefined();
    // Inherited names are not patterns.
    expect(routePreloadFor(preloads, '/constructor')).toBeUndefined();
    expect(routePreloadFor({}, '/__proto__')).toBeUndefined();
  });
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

  it('sends the build’s precompressed copy of an asset when the browser takes it', async () => {
    await writeFile(join(webRoot, 'assets', 'index-abc123.js.br'), 'brotli bytes');
    const { app, close } = await buildTestApp({ webRoot });
    try {
      const br = await app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body).toBe('brotli bytes');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
      // No copy for what the browser takes: the plain file (never the brotli bytes).
      const plain = await app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.body).toBe('console.log(1)');
    } finally {
      await close();
      await rm(join(webRoot, 'assets', 'index-abc123.js.br'));
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

  it('writes the host’s brand into the head before any script runs', async () => {
    const { app, close } = await buildTestApp({ webRoot });
    try {
      const page = async (host: string, url: string) => {
        const response = await app.inject({ method: 'GET', url, headers: { host } });
        expect(response.statusCode).toBe(200);
        expect(response.headers.vary).toContain('Host');
        const head = response.body.slice(0, response.body.indexOf('<script'));
        return head;
      };
      const albelli = await page('albelli-nl.localhost:8080', '/my-photos');
      expect(albelli).toContain('<html lang="nl-NL" data-brand-class="alb">');
      expect(albelli).toContain('<meta name="theme-color" content="#e8590c" />');
      expect(albelli).toContain('<title>My account | albelli</title>');
      expect(albelli).toContain('<meta name="robots" content="noindex" />');
      expect(albelli).not.toContain('rel="canonical"');
      // The home path of a production host is the one indexable page.
      const home = await page('albelli-nl.localhost', '/');
      expect(home).toContain('<link rel="canonical" href="https://www.albelli.nl/" />');
      expect(home).not.toContain('name="robots"');
      // A test host is never indexable; an unknown host gets the default brand without a label.
      expect(await page('acc-albelli-nl.localhost', '/')).toContain('content="noindex"');
      const unknown = await page('evil.example', '/');
      expect(unknown).toContain('<title>My account</title>');
      expect(unknown).toContain('content="#0072b9"');
      expect(unknown).toContain('content="noindex"');
    } finally {
      await close();
    }
  });

  it('carries what the first paint needs: the client config inline and the route’s preloads', async () => {
    await writeFile(
      join(webRoot, 'route-preloads.json'),
      JSON.stringify({
        '/my-photos': {
          scripts: ['/assets/my-photos-page-abc.js', '/assets/x.js"><script>alert(1)</script>'],
          styles: ['/assets/my-photos-page-abc.css'],
        },
        '/my-photos/albums/:id': { scripts: ['/assets/album-page-abc.js'], styles: [] },
      }),
    );
    const { app, close } = await buildTestApp({ webRoot });
    try {
      const photos = await app.inject({ method: 'GET', url: '/my-photos/' });
      const head = photos.body.slice(0, photos.body.indexOf('</head>'));
      expect(head).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/my-photos-page-abc.js" />',
      );
      expect(head).toContain(
        '<link rel="preload" as="style" crossorigin href="/assets/my-photos-page-abc.css" />',
      );
      // Only the build's own asset names become links.
      expect(head).not.toContain('alert(1)');
      const block = /<script type="application\/json" id="client-config">(.*?)<\/script>/s.exec(
        head,
      );
      const config = await app.inject({ method: 'GET', url: '/config.json' });
      expect(JSON.parse(block![1]!)).toEqual(config.json());
      // Still no inline script the policy would have to allow: a JSON data block never runs.
      const csp = String(photos.headers['content-security-policy']);
      expect(/script-src [^;]*/.exec(csp)![0]).not.toMatch(/unsafe-inline|sha256-|nonce-/);
      expect(csp).toBe(String(config.headers['content-security-policy']));
      // Other paths get the config, not the photo page's chunks.
      const orders = await app.inject({ method: 'GET', url: '/orders' });
      expect(orders.body).toContain('id="client-config"');
      expect(orders.body).not.toContain('modulepreload');
      // A pattern's `:id` stands for one path segment, whatever it holds.
      for (const url of ['/my-photos/albums/a1b2', '/my-photos/albums/%3Cx%3E/']) {
        const album = await app.inject({ method: 'GET', url });
        expect(album.body).toContain(
          '<link rel="modulepreload" crossorigin href="/assets/album-page-abc.js" />',
        );
        expect(album.body).not.toContain('my-photos-page-abc');
      }
      for (const url of ['/my-photos/albums', '/my-photos/albums/a1b2/extra']) {
        const other = await app.inject({ method: 'GET', url });
        expect(other.statusCode).toBe(200);
        expect(other.body).not.toContain('modulepreload');
      }
    } finally {
      await close();
      await rm(join(webRoot, 'route-preloads.json'));
    }
  });

  it('puts the config right before the inline boot script and allows that script by its hash alone', async () => {
    const boot = '(function(){"use strict";window.booted=1<2;})();';
    const root = await makeWebRoot('console.log(1)');
    await writeFile(
      join(root, 'index.html'),
      [
        '<!doctype html><html lang="en-GB"><head>',
        '<title>My account</title>',
        `<script id="boot-script">${boot}</script>`,
        '<script type="module" src="/assets/index-abc123.js"></script>',
        '<link rel="stylesheet" href="/assets/index-abc123.css">',
        '</head><body><div id="root"></div></body></html>',
      ].join('\n'),
    );
    const { app, close } = await buildTestApp({ webRoot: root });
    try {
      const page = await app.inject({ method: 'GET', url: '/my-photos' });
      // The data block is in the document before the script that reads it runs, and both come
      // before the stylesheet, which an inline script would otherwise wait for.
      const config = page.body.indexOf('id="client-config"');
      const script = page.body.indexOf('<script id="boot-script">');
      expect(config).toBeGreaterThan(-1);
      expect(config).toBeLessThan(script);
      expect(script).toBeLessThan(page.body.indexOf('rel="stylesheet"'));
      expect(page.body.match(/id="client-config"/g)).toHaveLength(1);
      const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
      const csp = String(page.headers['content-security-policy']);
      const scriptSrc = /script-src [^;]*/.exec(csp)![0];
      expect(scriptSrc.split(' ')).toContain(hash);
      expect(scriptSrc).not.toMatch(/unsafe-inline|nonce-/);
      // The other directives are the app's policy as every answer carries it.
      const api = await app.inject({ method: 'GET', url: '/config.json' });
      expect(csp.replace(` ${hash}`, '')).toBe(String(api.headers['content-security-policy']));
      expect(String(api.headers['content-security-policy'])).not.toContain('sha256-');
      // A changed script (a new build) gets its own hash, not the one remembered.
      const changed = boot.replace('1<2', '2<3');
      await writeFile(
        join(root, 'index.html'),
        `<html><head><script id="boot-script">${changed}</script></head><body></body></html>`,
      );
      const again = await app.inject({ method: 'GET', url: '/' });
      expect(String(again.headers['content-security-policy'])).toContain(
        `'sha256-${createHash('sha256').update(changed).digest('base64')}'`,
      );
    } finally {
      await close();
      await rm(root, { recursive: true, force: true });
    }
  });

  it('escapes the inline JSON so no value can end its element', () => {
    const text = jsonForScriptBlock({
      a: '</script><script>alert(1)</script>',
      b: '<!--',
      c: '\u2028',
    });
    expect(text).not.toMatch(/<|\u2028/);
    expect(JSON.parse(text)).toEqual({
      a: '</script><script>alert(1)</script>',
      b: '<!--',
      c: '\u2028',
    });
  });

  it('serves the brand class’s favicon on every host', async () => {
    const { app, close } = await buildTestApp({ webRoot });
    try {
      for (const [host, name] of [
        ['hofmann-es.localhost', 'hfm'],
        ['albelli-be.localhost:3000', 'alb'],
        ['localhost', 'pbx'],
        ['unknown.test', 'pbx'],
      ]) {
        const response = await app.inject({
          method: 'GET',
          url: '/favicon.ico',
          headers: { host },
        });
        expect(response.statusCode, host).toBe(200);
        expect(response.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
        expect(response.body).toBe(`icon of ${name}`);
      }
    } finally {
      await close();
    }
  });
});
