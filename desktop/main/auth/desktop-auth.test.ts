import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cookieClient } from '@photo/server/src/testing/cookie-jar.ts';
import { startTestServer, type TestServer } from '@photo/server/src/testing/test-server.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDesktopHarness, type DesktopHarness } from '../../testing/desktop-harness';
import { testSafeStorage } from '../../testing/test-safe-storage';

const demo = { email: 'demo@example.com', password: 'demo1234' };

let server: TestServer;
let dir: string;
let harness: DesktopHarness | null = null;

beforeAll(async () => {
  server = await startTestServer({ seed: 'users' });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'photo-desktop-auth-'));
});

afterEach(async () => {
  await harness?.close();
  harness = null;
  await rm(dir, { recursive: true, force: true });
});

const decode = (html: string) =>
  html.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));

interface BrowserVisit {
  /** The authorization URL the app opened. */
  authorizationUrl: URL;
  /** The loopback page the browser ended on. */
  finalPage: { status: number; html: string; url: string };
}

/**
 * Plays the system browser: opens the authorization URL, submits the real login page and
 * follows every redirect, the last one to the app's loopback listener. `tamper` may rewrite the
 * loopback URL before the browser goes there (a forged state).
 */
function systemBrowser(
  credentials = demo,
  options: { tamper?: (loopback: URL) => URL } = {},
): { open: (url: string) => Promise<void>; visits: Promise<BrowserVisit>[] } {
  const visits: Promise<BrowserVisit>[] = [];
  const open = async (url: string) => {
    const visit = (async (): Promise<BrowserVisit> => {
      const browser = cookieClient();
      let response = await browser.fetch(url);
      for (let hop = 0; hop < 15; hop += 1) {
        if (response.status >= 300 && response.status < 400) {
          const next = new URL(response.headers.get('location') ?? '', response.url || url);
          await response.body?.cancel();
          const loopback = next.hostname === '127.0.0.1' && next.pathname === '/callback';
          response = await browser.fetch(
            (loopback && options.tamper ? options.tamper(next) : next).href,
          );
          continue;
        }
        const html = await response.text();
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        if (!action || !html.includes('type="password"')) {
          return {
            authorizationUrl: new URL(url),
            finalPage: { status: response.status, html, url: response.url },
          };
        }
        response = await browser.fetch(new URL(decode(action), response.url).href, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(credentials).toString(),
        });
      }
      throw new Error('too many redirects');
    })();
    visits.push(visit);
  };
  return { open, visits };
}

async function start(
  options: Partial<Parameters<typeof startDesktopHarness>[0]> & { serverUrl?: string } = {},
) {
  harness = await startDesktopHarness({
    serverUrl: server.origin,
    userDataDir: path.join(dir, 'user-data'),
    downloadsDir: path.join(dir, 'Downloads'),
    openBrowser: async () => {},
    ...options,
  });
  return harness;
}

async function identity(token: string | null): Promise<number> {
  const response = await fetch(`${server.origin}/api/me/identity`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return response.status;
}

describe('desktop sign-in through the system browser (PKCE, loopback redirect)', () => {
  it('signs in with the real login page and keeps the tokens encrypted in main', async () => {
    const browser = systemBrowser();
    const safeStorage = testSafeStorage();
    const app = await start({ openBrowser: browser.open, safeStorage });

    expect(await app.invoke('photo:auth:sign-in', [])).toEqual({ status: 'signed-in' });
    const visit = await browser.visits[0]!;

    // The authorization request: the desktop client, PKCE S256, a state, a loopback redirect.
    const params = visit.authorizationUrl.searchParams;
    expect(visit.authorizationUrl.origin).toBe(server.origin);
    expect(params.get('client_id')).toBe('desktop');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(params.get('scope')).toContain('offline_access');

    // The loopback page says the app can be returned to, in the brand's language (en-GB here).
    expect(visit.finalPage.status).toBe(200);
    expect(visit.finalPage.html).toContain('lang="en-GB"');
    expect(decode(visit.finalPage.html)).toContain('You can close this tab and return to the app.');
    // ... and the listener closed right after.
    await expect(fetch(visit.finalPage.url)).rejects.toThrow();

    const token = (await app.invoke('photo:auth:get-access-token', [])) as string;
    expect(await identity(token)).toBe(200);
    expect(await app.invoke('photo:auth:get-id-token-claims', [])).toMatchObject({
      email: demo.email,
      authentication_method: 'password',
    });
    const info = (await app.invoke('photo:app:info', [])) as { tokenStorage: string };
    expect(info.tokenStorage).toBe('encrypted');

    // On disk only ciphertext; the keychain's key reads it back.
    const file = await readFile(path.join(dir, 'user-data', 'tokens.bin'));
    expect(file.toString('latin1')).not.toContain(token);
    expect(JSON.parse(safeStorage.decryptString(file)).accessToken).toBe(token);
  });

  it('answers the loopback page in the language of the configured brand host', async () => {
    const browser = systemBrowser();
    const app = await start({
      serverUrl: `http://albelli-nl.localhost:${server.port}`,
      openBrowser: browser.open,
    });
    expect(await app.invoke('photo:auth:sign-in', [])).toEqual({ status: 'signed-in' });
    const visit = await browser.visits[0]!;
    expect(visit.finalPage.html).toContain('lang="nl-NL"');
    expect(decode(visit.finalPage.html)).toContain(
      'Je kunt dit tabblad sluiten en teruggaan naar de app.',
    );
    const texts = (await app.invoke('photo:app:texts', [])) as { locale: string };
    expect(texts.locale).toBe('nl-NL');
  });

  it('refuses a redirect with a wrong state and still takes the real one', async () => {
    let forged: { status: number; html: string } | null = null;
    const browser = systemBrowser();
    // First a page guessing the port with its own state, then the real browser.
    const app = await start({
      openBrowser: async (url) => {
        const redirectUri = new URL(url).searchParams.get('redirect_uri')!;
        const response = await fetch(`${redirectUri}?code=stolen&state=not-the-state`);
        forged = { status: response.status, html: await response.text() };
        await browser.open(url);
      },
    });
    expect(await app.invoke('photo:auth:sign-in', [])).toEqual({ status: 'signed-in' });
    expect(forged!.status).toBe(400);
    expect(decode(forged!.html)).toContain('Sign-in did not complete');
    expect(await identity((await app.invoke('photo:auth:get-access-token', [])) as string)).toBe(
      200,
    );
  });

  it('a browser that comes back with a forged state never signs the app in', async () => {
    const browser = systemBrowser(demo, {
      tamper: (loopback) => {
        loopback.searchParams.set('state', 'forged');
        return loopback;
      },
    });
    const app = await start({ openBrowser: browser.open, loopbackTimeoutMs: 1500 });
    const result = await app.invoke('photo:auth:sign-in', []);
    const visit = await browser.visits[0]!;
    expect(visit.finalPage.status).toBe(400);
    expect(result).toEqual({ status: 'timed-out', minutes: 1 });
    expect(await app.invoke('photo:auth:get-access-token', [])).toBeNull();
  });

  it('gives up when the browser never comes back, and closes the listener', async () => {
    let redirectUri = '';
    const app = await start({
      loopbackTimeoutMs: 300,
      openBrowser: async (url) => {
        redirectUri = new URL(url).searchParams.get('redirect_uri')!;
      },
    });
    expect(await app.invoke('photo:auth:sign-in', [])).toEqual({
      status: 'timed-out',
      minutes: 1,
    });
    await expect(fetch(`${redirectUri}?code=late&state=x`)).rejects.toThrow();
    expect(await app.invoke('photo:auth:get-access-token', [])).toBeNull();
  });

  it('a sign-in the user cancels in the app ends at once', async () => {
    const app = await start({
      openBrowser: async () => {
        setTimeout(() => void app.invoke('photo:auth:cancel-sign-in', []), 50);
      },
    });
    expect(await app.invoke('photo:auth:sign-in', [])).toEqual({ status: 'cancelled' });
  });

  it('refreshes with a single owner: concurrent callers share one refresh', async () => {
    const browser = systemBrowser();
    let clock = Date.now();
    let refreshRequests = 0;
    const realFetch = globalThis.fetch;
    const app = await start({ openBrowser: browser.open, now: () => clock });
    expect(await app.invoke('photo:auth:sign-in', [])).toEqual({ status: 'signed-in' });
    const first = (await app.invoke('photo:auth:get-access-token', [])) as string;

    // Count refresh-token grants reaching the server's token endpoint.
    globalThis.fetch = (async (input: Request | string | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      const body = init?.body ?? (input instanceof Request ? await input.clone().text() : '');
      if (url.endsWith('/oidc/token') && String(body).includes('grant_type=refresh_token'))
        refreshRequests += 1;
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      clock += 2 * 60 * 60 * 1000; // two hours later: the access token has expired
      const tokens = (await Promise.all([
        app.invoke('photo:auth:get-access-token', []),
        app.invoke('photo:auth:get-access-token', []),
        app.services.auth.getAccessToken(),
      ])) as string[];
      expect(refreshRequests).toBe(1);
      expect(new Set(tokens).size).toBe(1);
      expect(tokens[0]).not.toBe(first);
      expect(await identity(tokens[0]!)).toBe(200);
      // Fresh now: no second refresh.
      expect(await app.invoke('photo:auth:get-access-token', [])).toBe(tokens[0]);
      expect(refreshRequests).toBe(1);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('abandons the session when the server refuses the refresh token', async () => {
    const browser = systemBrowser();
    let clock = Date.now();
    const events: string[] = [];
    const app = await start({
      openBrowser: browser.open,
      now: () => clock,
      onEvent: (channel) => events.push(channel),
    });
    await app.invoke('photo:auth:sign-in', []);
    const token = (await app.invoke('photo:auth:get-access-token', [])) as string;
    // Revoking the grant elsewhere (another device signing out) kills the refresh token too.
    await fetch(`${server.origin}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, client_id: 'desktop' }).toString(),
    });
    clock += 2 * 60 * 60 * 1000;
    expect(await app.invoke('photo:auth:get-access-token', [])).toBeNull();
    expect(events).toContain('photo:auth:session-abandoned');
  });

  it('signs out: revokes at the server and deletes the tokens', async () => {
    const browser = systemBrowser();
    const app = await start({ openBrowser: browser.open });
    await app.invoke('photo:auth:sign-in', []);
    const token = (await app.invoke('photo:auth:get-access-token', [])) as string;
    expect(await identity(token)).toBe(200);

    await app.invoke('photo:auth:sign-out', []);
    expect(await identity(token)).toBe(401);
    expect(await app.invoke('photo:auth:get-access-token', [])).toBeNull();
    await expect(readFile(path.join(dir, 'user-data', 'tokens.bin'))).rejects.toThrow(/ENOENT/);
  });

  it('keeps tokens in memory only, and says so, where the OS offers no encryption', async () => {
    for (const safeStorage of [
      testSafeStorage({ available: false }),
      testSafeStorage({ backend: 'basic_text' }),
    ]) {
      const browser = systemBrowser();
      const app = await start({ openBrowser: browser.open, safeStorage });
      await app.invoke('photo:auth:sign-in', []);
      expect(await identity((await app.invoke('photo:auth:get-access-token', [])) as string)).toBe(
        200,
      );
      expect(await app.invoke('photo:app:info', [])).toMatchObject({ tokenStorage: 'memory' });
      await expect(readFile(path.join(dir, 'user-data', 'tokens.bin'))).rejects.toThrow(/ENOENT/);
      await app.close();
      harness = null;
    }
  });
});
