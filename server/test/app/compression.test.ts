/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */
import { rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { photoPageSchema } from '@photo/core/api/schemas/photo';
import { isCompressibleType } from '../../src/http/compression.ts';
import { prng, renderDemoJpeg } from '../../src/seed/photos-images.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import { zipEntries } from '../../src/testing/zip-entries.ts';
import { poll } from '../photo-management/helpers.ts';
import { makeWebRoot } from './test-app.ts';

/** What Chromium sends with every request. */
const BROWSER = 'gzip, deflate, br, zstd';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire (node:http never decodes). */
  wire: Buffer;
}

/** A GET through node:http, which, unlike fetch, leaves the body as sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wire: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(response: Raw): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.wire).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.wire).toString('utf8');
  if (encoding === 'deflate') return inflateSync(response.wire).toString('utf8');
  if (encoding === undefined) return response.wire.toString('utf8');
  throw new Error(`unexpected content-encoding ${encoding}`);
}

let server: TestServer;
let webRoot: string;
let auth: Record<string, string>;
const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 7}`))};\n`;

beforeAll(async () => {
  webRoot = await makeWebRoot(bigScript);
  server = await startTestServer({ seed: 'users', webRoot });
  const { accessToken } = await signIn(server.origin, 'demo@example.com', 'demo1234');
  auth = { authorization: `Bearer ${accessToken}` };
  for (let i = 0; i < 3; i += 1) {
    const form = new FormData();
    const jpeg = await renderDemoJpeg(prng(10 + i), `2022-03-0${i + 1}T10:00:00.000Z`);
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `p${i}.jpg`);
    const response = await fetch(`${server.origin}/api/photo/photos`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(response.status).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(webRoot, { recursive: true, force: true });
}, 60_000);

const monthPage = () => `${server.origin}/api/photo/photos/timeline/2022/3`;

describe('response compression', () => {
  it('sends a JSON page brotli-compressed to a browser, decoding to the same JSON', async () => {
    const plain = await rawGet(monthPage(), auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.wire.length).toBeGreaterThan(1024);
    expect(photoPageSchema.parse(JSON.parse(plain.wire.toString('utf8'))).images).toHaveLength(3);

    const br = await rawGet(monthPage(), { ...auth, 'accept-encoding': BROWSER });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.wire.length);
    expect(br.wire.length).toBeLessThan(plain.wire.length / 2);
    // Same photos; the signed URLs only differ if the expiry window moved in between.
    const ids = (text: string) => JSON.parse(text).images.map((photo: any) => photo.imageId);
    expect(ids(decoded(br))).toEqual(ids(plain.wire.toString('utf8')));
    expect(photoPageSchema.parse(JSON.parse(decoded(br))).images).toHaveLength(3);
  });

  it('uses gzip (then deflate) for clients without brotli, identity for clients asking none', async () => {
    const gzip = await rawGet(monthPage(), { ...auth, 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(photoPageSchema.parse(JSON.parse(decoded(gzip))).images).toHaveLength(3);
    const deflate = await rawGet(monthPage(), { ...auth, 'accept-encoding': 'deflate' });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(photoPageSchema.parse(JSON.parse(decoded(deflate))).images).toHaveLength(3);
    const identity = await rawGet(monthPage(), { ...auth, 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.wire.toString('utf8')).images).toHaveLength(3);
  });

  it('never compresses image bytes, and keeps their Content-Length', async () => {
    const page = JSON.parse((await rawGet(monthPage(), auth)).wire.toString('utf8'));
    const urls = [
      page.images[0].url,
      page.images[0].untouchedUrl,
      ...page.images[0].thumbnails.map((t: any) => t.url),
    ];
    for (const url of urls) {
      const plain = await rawGet(url);
      const asBrowser = await rawGet(url, { 'accept-encoding': BROWSER });
      expect(asBrowser.status, url).toBe(200);
      expect(asBrowser.headers['content-type'], url).toBe('image/jpeg');
      expect(asBrowser.headers['content-encoding'], url).toBeUndefined();
      expect(Number(asBrowser.headers['content-length']), url).toBe(asBrowser.wire.length);
      expect(asBrowser.wire.length, url).toBeGreaterThan(1024);
      expect(asBrowser.wire.equals(plain.wire), url).toBe(true);
    }
  });

  it('never compresses a download archive, and keeps its Content-Length', async () => {
    const page = JSON.parse((await rawGet(monthPage(), auth)).wire.toString('utf8'));
    const created = await fetch(`${server.origin}/api/photo/downloads`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ photoIds: page.images.map((photo: any) => photo.imageId) }),
    });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: string };
    const url = await poll(async () => {
      const response = await fetch(`${server.origin}/api/photo/downloads/${id}/url`, {
        headers: auth,
      });
      return response.ok ? ((await response.json()) as { url: string }).url : undefined;
    });
    const archive = await rawGet(url, { 'accept-encoding': BROWSER });
    expect(archive.status).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    expect(archive.headers['content-encoding']).toBeUndefined();
    expect(Number(archive.headers['content-length'])).toBe(archive.wire.length);
    expect(zipEntries(archive.wire)).toHaveLength(3);
  });

  it('compresses the web app, config and OpenAPI text; error replies stay JSON', async () => {
    const script = await rawGet(`${server.origin}/assets/index-abc123.js`, {
      'accept-encoding': BROWSER,
    });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['content-type']).toContain('javascript');
    expect(decoded(script)).toBe(bigScript);

    const docs = await rawGet(`${server.origin}/api/docs`, { 'accept-encoding': BROWSER });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(docs)).openapi).toBe('3.1.0');

    const config = await rawGet(`${server.origin}/config.json`, { 'accept-encoding': BROWSER });
    expect(config.status).toBe(200);
    expect(config.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(() => JSON.parse(decoded(config))).not.toThrow();

    const error = await rawGet(`${server.origin}/api/photo/photos/timeline/2022/13`, {
      ...auth,
      'accept-encoding': BROWSER,
    });
    expect(error.status).toBe(400);
    expect(error.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(decoded(error))).toMatchObject({
      statusCode: 400,
      field: expect.stringMatching(/^params\./),
    });
    const unauthorized = await rawGet(monthPage(), { 'accept-encoding': BROWSER });
    expect(unauthorized.status).toBe(401);
    expect(JSON.parse(decoded(unauthorized)).statusCode).toBe(401);
  });

  it('leaves the OIDC provider and the push websocket working for a browser', async () => {
    const discovery = await rawGet(`${server.origin}/oidc/.well-known/openid-configuration`, {
      'accept-encoding': BROWSER,
    });
    expect(discovery.status).toBe(200);
    expect(JSON.parse(decoded(discovery)).issuer).toBe(`${server.origin}/oidc`);

    const socket = new WebSocket(`${server.origin.replace(/^http/, 'ws')}/push`, {
      headers: { 'accept-encoding': BROWSER },
    });
    try {
      const reply = await new Promise<string>((resolve, reject) => {
        socket.once('error', reject);
        socket.once('open', () =>
          socket.send(
            JSON.stringify({ action: 'authenticate', token: auth.authorization!.slice(7) }),
          ),
        );
        socket.once('message', (data) => resolve(data.toString()));
      });
      expect(reply).toBe('OK');
    } finally {
      socket.close();
    }
  });
});

describe('isCompressibleType', () => {
  it('takes text and JSON, never images, zips or octet-stream', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'text/html',
      'text/css',
      'application/javascript',
      'text/javascript',
      'application/problem+json',
      'image/svg+xml',
    ]) {
      expect(isCompressibleType(type), type).toBe(true);
    }
    for (const type of [
      'image/jpeg',
      'image/png',
      'image/heic',
      'application/zip',
      'application/octet-stream',
      'text/event-stream',
    ]) {
      expect(isCompressibleType(type), type).toBe(false);
    }
  });
});
