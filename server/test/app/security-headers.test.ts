// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { rm } from 'node:fs/promises';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildClientConfig } from '../../src/config/client-config.ts';
import { appContentSecurityPolicy, HSTS_VALUE } from '../../src/http/security-headers.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import { buildTestApp, makeWebRoot } from './test-app.ts';

type Headers = IncomingHttpHeaders | LightMyRequestResponse['headers'];

function directives(csp: unknown): Map<string, string> {
  expect(typeof csp, 'Content-Security-Policy').toBe('string');
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

/** The headers every answer carries, whatever produced it. */
function expectSecurityHeaders(headers: Headers, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  const permissions = String(headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
    expect(permissions, what).toContain(`${feature}=()`);
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('frame-ancestors'), what).toBe("'none'");
  expect(csp.get('report-uri'), what).toBe('/api/reports/csp');
  // 'wasm-unsafe-eval' (WebAssembly for the upload hashing) is no JavaScript eval.
  expect(String(headers['content-security-policy']), what).not.toMatch(/'unsafe-eval'/);
  expect(csp.get('script-src'), what).not.toContain('unsafe-inline');
  expect(headers['x-powered-by'], what).toBeUndefined();
}

let webRoot: string;
beforeAll(async () => {
  webRoot = await makeWebRoot('console.log(1)');
});
afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

describe('security headers', () => {
  it('builds the app policy from every absolute URL in the client config', () => {
    const config = {
      ...buildClientConfig('https://account.example.com'),
      PhotoManagementPushWebSocketUrl: 'wss://push.example.com/socket',
      CookieConsentUrl: 'https://consent.example.net/v1',
      // A field the policy does not know by name: covered because it holds a URL.
      SupportWidget: { scriptUrl: 'https://widget.example.org/loader.js' },
    };
    const csp = directives(appContentSecurityPolicy(config, 'https://photos.example.com'));
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('script-src')).toContain("'self'");
    expect(csp.get('script-src')).toContain('https://widget.example.org');
    expect(csp.get('script-src')).toContain("'wasm-unsafe-eval'");
    expect(csp.get('connect-src')).toContain('https://account.example.com');
    expect(csp.get('connect-src')).toContain('wss://push.example.com');
    expect(csp.get('connect-src')).toContain('https://consent.example.net');
    expect(csp.get('img-src')).toBe(
      "'self' data: blob: https://photos.example.com https://account.example.com " +
        'https://consent.example.net https://widget.example.org',
    );
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    // The brand table's storefront links are where customers go, not what the page loads.
    expect(csp.get('connect-src')).not.toContain('albelli.nl');
  });

  it('are on the web app, its assets, the APIs, errors, 404s, downloads, config and the mailbox', async () => {
    const { app, close } = await buildTestApp({ webRoot });
    try {
      const cases: [string, string, number][] = [
        ['index.html', '/', 200],
        ['an app route', '/my-photos/albums/1', 200],
        ['a static asset', '/assets/index-abc123.js', 200],
        ['the client config', '/config.json', 200],
        ['a locale file', '/locales/en-GB.json', 200],
        ['an API without a token', '/api/customer/customers/me', 401],
        ['an unknown API', '/api/nothing-here', 404],
        ['a missing asset', '/assets/missing-123.js', 404],
        ['a download with a bad signature', '/api/photo/downloads/x/archive?u=1&e=1&s=bad', 403],
        ['the development mailbox', '/dev/mailbox', 200],
        ['the mailbox as JSON', '/dev/mailbox.json', 200],
        ['the OIDC discovery', '/oidc/.well-known/openid-configuration', 200],
      ];
      for (const [what, url, status] of cases) {
        const response = await app.inject({ method: 'GET', url });
        if (status !== 403) expect(response.statusCode, what).toBe(status);
        else expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
        expectSecurityHeaders(response.headers, what);
      }
      // Malformed JSON: the error handler's answer.
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/customer/customers/me',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      });
      expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(malformed.headers, 'a malformed body');

      const index = await app.inject({ method: 'GET', url: '/' });
      expect(index.headers['content-security-policy']).toBe(
        appContentSecurityPolicy(
          buildClientConfig('http://localhost:8080'),
          'http://localhost:8080',
        ),
      );
      // The mailbox keeps its own nonce policy from the same builder.
      const mailbox = directives(
        (await app.inject('/dev/mailbox')).headers['content-security-policy'],
      );
      expect(mailbox.get('style-src')).toMatch(/^'nonce-/);
      expect(mailbox.get('form-action')).toBe("'none'");
    } finally {
      await close();
    }
  });

  it('are on the sign-in pages, with their nonce policy', async () => {
    const { app, close } = await buildTestApp({ webRoot });
    try {
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const query = new URLSearchParams({
        client_id: 'web',
        response_type: 'code',
        scope: 'openid',
        redirect_uri: 'http://localhost:8080/',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'state-1',
      });
      const auth = await app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
      expect(auth.statusCode).toBe(303);
      expectSecurityHeaders(auth.headers, 'the provider redirect');
      const cookie = auth.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const login = await app.inject({
        method: 'GET',
        url: new URL(String(auth.headers.location), 'http://localhost:8080').pathname,
        headers: { cookie },
      });
      expect(login.statusCode).toBe(200);
      expect(login.body).toContain('type="password"');
      expectSecurityHeaders(login.headers, 'the login page');
      const csp = directives(login.headers['content-security-policy']);
      const nonce = /nonce="([^"]+)"/.exec(login.body)?.[1];
      expect(csp.get('style-src')).toBe(`'nonce-${nonce}'`);
      expect(csp.get('default-src')).toBe("'none'");

      const expired = await app.inject({ method: 'GET', url: '/oidc/interaction/unknown' });
      expect(expired.statusCode).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(expired.headers, 'the session-expired page');
    } finally {
      await close();
    }
  });

  it('sends HSTS only over https, believing X-Forwarded-Proto only from a trusted proxy', async () => {
    const plain = await buildTestApp({ webRoot });
    try {
      const direct = await plain.app.inject({ method: 'GET', url: '/' });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
      // An http deployment trusts no proxy: a forged header changes nothing.
      const forged = await plain.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
    }
    const behindProxy = await buildTestApp({
      webRoot,
      publicOrigin: 'https://account.example.com',
    });
    try {
      for (const url of ['/', '/api/nothing-here', '/config.json']) {
        const https = await behindProxy.app.inject({
          method: 'GET',
          url,
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(https.headers['strict-transport-security'], url).toBe(HSTS_VALUE);
        expectSecurityHeaders(https.headers, url);
      }
      const http = await behindProxy.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });

  it('are on the push websocket handshake', async () => {
    const server = await startTestServer({ webRoot });
    try {
      const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
        const socket = new WebSocket(`ws://localhost:${server.port}/push`);
        socket.once('upgrade', (response) => {
          resolve(response.headers);
          socket.close();
        });
        socket.once('error', reject);
      });
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(String(headers['permissions-policy'])).toContain('camera=()');
      expect(headers['strict-transport-security']).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
