import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clientConfigSchema } from '@photo/core/api/schemas/config';
import { startTestServer, type TestServer } from '@photo/server/src/testing/test-server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackFetch } from '../testing/loopback-fetch';
import { createAppProtocolHandler, desktopClientConfig } from './app-protocol';
import { brandForHost, connectOrigins, createServerInfo } from './server-info';

let server: TestServer;
let rendererDir: string;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  rendererDir = await mkdtemp(path.join(tmpdir(), 'photo-renderer-'));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><div id="root"></div>');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(rendererDir, { recursive: true, force: true });
});

/** `/config.json` as the desktop renderer receives it through `app://photo`. */
async function rendererConfig(brandHost: string) {
  const handle = createAppProtocolHandler({
    rendererDir,
    serverOrigin: `http://${brandHost}:${server.port}`,
    brandHost,
    contentSecurityPolicy: "default-src 'none'",
    fetch: loopbackFetch,
  });
  const response = await handle(new Request('app://photo/config.json'));
  expect(response.status).toBe(200);
  return clientConfigSchema.parse(await response.json());
}

describe('the config the desktop renderer gets', () => {
  it('names an absolute push websocket on the server, so push works on app://photo', async () => {
    const config = await rendererConfig('localhost');
    expect(config.PhotoManagementPushWebSocketUrl).toBe(`ws://localhost:${server.port}/push`);
    // The API groups stay relative: app://photo forwards them to the server.
    expect(config.PhotoManagementShareApiBaseUrl).toBe('/api/photo');
  });

  it("shows the configured host's brand: it becomes the default host", async () => {
    const config = await rendererConfig('albelli-nl.localhost');
    expect(config.DefaultHost).toBe('albelli-nl.localhost');
    expect(config.PhotoManagementPushWebSocketUrl).toBe(
      `ws://albelli-nl.localhost:${server.port}/push`,
    );
    // The renderer's own host is no brand, so core picks the default host's.
    expect(brandForHost(config, 'photo').locale).toBe('nl-NL');
  });

  it('follows the French redirect, and leaves an unknown host to the default brand', async () => {
    const original = clientConfigSchema.parse(
      await (await fetch(`${server.origin}/config.json`)).json(),
    );
    const [from, to] = Object.entries(original.Redirects)[0]!;
    expect((await rendererConfig(from)).DefaultHost).toBe(to);
    expect((await rendererConfig('127.0.0.1')).DefaultHost).toBe(original.DefaultHost);
  });

  it('passes a config it cannot read on unchanged, for core to reject', () => {
    expect(desktopClientConfig(['x'], { serverOrigin: 'http://a', brandHost: 'a' })).toEqual(['x']);
    expect(
      desktopClientConfig(
        { PhotoManagementPushWebSocketUrl: 'javascript:alert(1)' },
        { serverOrigin: 'http://localhost:1', brandHost: 'localhost' },
      ),
    ).toEqual({ PhotoManagementPushWebSocketUrl: 'javascript:alert(1)' });
  });
});

describe('server info', () => {
  it('reads the brand and its desktop texts for the configured host', async () => {
    const info = createServerInfo({
      serverOrigin: `http://photobox-uk.localhost:${server.port}`,
      brandHost: 'photobox-uk.localhost',
      fetch: loopbackFetch,
    });
    expect((await info.brand()).host).toBe('photobox-uk.localhost');
    const texts = await info.texts();
    expect(texts.locale).toBe('en-GB');
    expect(texts.signIn.button).toBe('Sign in with your browser');
  });

  it('builds the CSP from the origins the config names', async () => {
    const info = createServerInfo({
      serverOrigin: `http://albelli-nl.localhost:${server.port}`,
      brandHost: 'albelli-nl.localhost',
      fetch: loopbackFetch,
    });
    const config = await info.clientConfig();
    // The issuer (and the signed photo URLs) live on the public origin, localhost.
    expect(connectOrigins(config, `http://albelli-nl.localhost:${server.port}`).sort()).toEqual(
      [`http://albelli-nl.localhost:${server.port}`, `http://localhost:${server.port}`].sort(),
    );
    const csp = await info.contentSecurityPolicy();
    expect(csp).toContain(`img-src 'self' data: blob: http://albelli-nl.localhost:${server.port}`);
    expect(csp).toContain(`ws://localhost:${server.port}`);
    expect(csp).toContain("script-src 'self';");
  });

  it('says so when the server cannot be reached, and tries again next time', async () => {
    const info = createServerInfo({ serverOrigin: 'http://127.0.0.1:1', brandHost: '127.0.0.1' });
    await expect(info.texts()).rejects.toThrow();
    await expect(info.texts()).rejects.toThrow();
    expect(await info.contentSecurityPolicy()).toContain("connect-src 'self' http://127.0.0.1:1");
  });
});
