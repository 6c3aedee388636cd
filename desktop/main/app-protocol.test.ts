import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from './app-protocol';

let dir: string;
let server: http.Server;
let serverOrigin: string;
const seen: { url?: string; authorization?: string; cookie?: string; body?: string } = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'photo-renderer-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(path.join(path.dirname(dir), 'secret.txt'), 'outside');
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      Object.assign(seen, {
        url: request.url,
        authorization: request.headers.authorization,
        cookie: request.headers.cookie,
        body,
      });
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'a=b' });
      response.end(JSON.stringify({ ok: true, method: request.method }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
  await rm(path.join(path.dirname(dir), 'secret.txt'), { force: true });
});

const handler = () =>
  createAppProtocolHandler({
    rendererDir: dir,
    serverOrigin,
    brandHost: '127.0.0.1',
    contentSecurityPolicy: "default-src 'none'",
  });

describe('app:// protocol', () => {
  it('serves the renderer with the CSP on documents', async () => {
    const response = await handler()(new Request('app://photo/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(await response.text()).toContain('id="root"');

    const script = await handler()(new Request('app://photo/assets/index-abc.js'));
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('falls back to index.html for client-side routes, 404 for missing assets', async () => {
    expect(await (await handler()(new Request('app://photo/photos/album/1'))).text()).toContain(
      'id="root"',
    );
    expect((await handler()(new Request('app://photo/assets/missing.js'))).status).toBe(404);
  });

  it.each([
    'app://photo/../secret.txt',
    'app://photo/%2e%2e/secret.txt',
    'app://photo/..%2fsecret.txt',
    'app://photo/%2e%2e%5csecret.txt',
  ])('never serves files outside the renderer folder: %s', async (url) => {
    const response = await handler()(new Request(url));
    expect(await response.text()).not.toContain('outside');
  });

  it('answers other hosts with 404', async () => {
    expect((await handler()(new Request('app://other/index.html'))).status).toBe(404);
  });

  it('forwards config, locales and API calls to the server with the bearer token, not cookies', async () => {
    const response = await handler()(
      new Request('app://photo/api/photo/photos?cursor=abc', {
        method: 'POST',
        headers: {
          authorization: 'Bearer t0k3n',
          cookie: 'session=x',
          'content-type': 'application/json',
        },
        body: '{"photoIds":["p1"]}',
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, method: 'POST' });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(seen).toEqual({
      url: '/api/photo/photos?cursor=abc',
      authorization: 'Bearer t0k3n',
      cookie: undefined,
      body: '{"photoIds":["p1"]}',
    });

    await handler()(new Request('app://photo/config.json'));
    expect(seen.url).toBe('/config.json');
    await handler()(new Request('app://photo/locales/nl-NL.json'));
    expect(seen.url).toBe('/locales/nl-NL.json');
  });

  it('answers 502 JSON when the server is down', async () => {
    const down = createAppProtocolHandler({
      rendererDir: dir,
      serverOrigin: 'http://127.0.0.1:1',
      brandHost: '127.0.0.1',
      contentSecurityPolicy: '',
    });
    const response = await down(new Request('app://photo/config.json'));
    expect(response.status).toBe(502);
    expect(((await response.json()) as { statusCode: number }).statusCode).toBe(502);
  });
});
