import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieClient } from '../../src/testing/cookie-jar.ts';
import type { CookieClient } from '../../src/testing/cookie-jar.ts';
import { refreshTokens, signIn, SignInError } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function authorizeUrl(redirectUri = `${server.origin}/`, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${server.origin}/oidc/auth`);
  url.search = new URLSearchParams({
    client_id: 'web',
    response_type: 'code',
    scope: 'openid email',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'state-1',
    ...extra,
  }).toString();
  return url.toString();
}

/** Starts a flow and returns the login page response and its interaction URL. */
async function openLoginPage(client = cookieClient(), redirectUri?: string) {
  const start = await client.fetch(authorizeUrl(redirectUri));
  expect(start.status).toBe(303);
  const interactionUrl = new URL(start.headers.get('location')!, server.origin).toString();
  expect(interactionUrl).toMatch(/\/oidc\/interaction\/[\w-]+$/);
  const page = await client.fetch(interactionUrl);
  return { client, interactionUrl, page, html: await page.text() };
}

const post = (client: CookieClient, url: string, fields: Record<string, string>) =>
  client.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

describe('provider metadata', () => {
  it('publishes discovery under /oidc with PKCE S256, revocation and end-session', async () => {
    // Reached over 127.0.0.1: the issuer stays PUBLIC_ORIGIN's.
    const response = await fetch(
      `http://127.0.0.1:${server.port}/oidc/.well-known/openid-configuration`,
    );
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: `${server.origin}/oidc`,
      authorization_endpoint: `${server.origin}/oidc/auth`,
      token_endpoint: `${server.origin}/oidc/token`,
      jwks_uri: `${server.origin}/oidc/jwks`,
      end_session_endpoint: `${server.origin}/oidc/session/end`,
      revocation_endpoint: `${server.origin}/oidc/token/revocation`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'offline_access']),
    );
    expect(metadata.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'email', 'idp_type', 'idp_sub', 'authentication_method']),
    );
  });
});

describe('login page', () => {
  it('has labelled Email and Password inputs and a Sign in button', async () => {
    const { page, html } = await openLoginPage();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).toContain('name="viewport"');
    expect(html).not.toContain('role="alert"');
  });

  it('wears the colour and name of the brand the flow started on', async () => {
    const { html } = await openLoginPage(
      cookieClient(),
      `http://albelli-nl.localhost:${server.port}/`,
    );
    expect(html).toContain('<meta name="theme-color" content="#e8590c">');
    expect(html).toContain('<span class="brand">albelli</span>');
  });

  it('says "Incorrect email or password." on the page for a wrong password, keeping the e-mail', async () => {
    const { client, interactionUrl } = await openLoginPage();
    const response = await post(client, interactionUrl, {
      email: 'demo@example.com',
      password: 'wrong',
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(
      /<p class="alert" role="alert" id="login-error">Incorrect email or password\.<\/p>/,
    );
    expect(html).toContain('value="demo@example.com"');
    expect(html).toContain('aria-invalid="true"');
  });

  it('gives the same message for an unknown e-mail and for missing fields', async () => {
    const { client, interactionUrl } = await openLoginPage();
    for (const fields of [{ email: 'nobody@example.com', password: 'demo1234' }, {}] as Record<
      string,
      string
    >[]) {
      const response = await post(client, interactionUrl, fields);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Incorrect email or password.');
    }
  });

  it('never reflects markup from the form', async () => {
    const { client, interactionUrl } = await openLoginPage();
    const response = await post(client, interactionUrl, {
      email: '"><script>alert(1)</script>',
      password: 'x',
    });
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('rejects a form post without the interaction cookie (cross-site request)', async () => {
    const { interactionUrl } = await openLoginPage();
    const response = await post(cookieClient(), interactionUrl, {
      email: 'demo@example.com',
      password: 'demo1234',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Your sign-in session has expired');
  });

  it('rejects a post to another interaction than the one this browser is in', async () => {
    const first = await openLoginPage();
    const second = await openLoginPage();
    // The browser of flow 1 posts to flow 2's URL: its cookie names another interaction.
    const response = await post(first.client, second.interactionUrl, {
      email: 'demo@example.com',
      password: 'demo1234',
    });
    expect(response.status).toBe(400);
  });
});

describe('authorization code flow with PKCE', () => {
  it('signs in the consumer with every identity claim in the ID token', async () => {
    const result = await signIn(server.origin, 'demo@example.com', 'demo1234');
    expect(result.claims).toMatchObject({
      iss: `${server.origin}/oidc`,
      aud: 'web',
      email: 'demo@example.com',
      idp_type: 'local',
      authentication_method: 'password',
    });
    expect(result.claims.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.claims.idp_sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.expiresIn).toBe(3600);
    expect(result.refreshToken).toBeTruthy();
  });

  it('gives first-party clients a refresh token without offline_access/prompt=consent', async () => {
    const result = await signIn(server.origin, 'friend@example.com', 'demo1234', {
      scope: 'openid email profile',
    });
    expect(result.refreshToken).toBeTruthy();
    const refreshed = await refreshTokens(server.origin, result.refreshToken!);
    expect(refreshed.refreshToken).toBeTruthy();
    expect(refreshed.idToken).toBeTruthy();
  });

  it('marks the business user with authentication_method b2b', async () => {
    const result = await signIn(server.origin, 'business@example.com', 'demo1234');
    expect(result.claims.authentication_method).toBe('b2b');
    expect(result.claims.email).toBe('business@example.com');
  });

  it('throws the page message for a wrong password', async () => {
    await expect(signIn(server.origin, 'demo@example.com', 'nope')).rejects.toThrow(
      new SignInError('Incorrect email or password.'),
    );
  });

  it('requires PKCE: an authorization request without code_challenge is refused', async () => {
    const url = new URL(authorizeUrl());
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const response = await cookieClient().fetch(url.toString());
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a plain PKCE challenge method', async () => {
    const response = await cookieClient().fetch(
      authorizeUrl(undefined, { code_challenge_method: 'plain' }),
    );
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a redirect_uri that is not registered', async () => {
    const response = await cookieClient().fetch(authorizeUrl('https://evil.example/'));
    expect(response.status).toBe(400);
  });

  it('accepts every brand host as the web redirect_uri', async () => {
    const result = await signIn(server.origin, 'demo@example.com', 'demo1234', {
      redirectUri: `http://hofmann-es.localhost:${server.port}/`,
    });
    expect(result.claims.email).toBe('demo@example.com');
  });

  it('signs the desktop client in on a loopback redirect with any port', async () => {
    const result = await signIn(server.origin, 'friend@example.com', 'demo1234', {
      clientId: 'desktop',
      redirectUri: 'http://127.0.0.1:61234/callback',
    });
    expect(result.claims.aud).toBe('desktop');
    expect(result.refreshToken).toBeTruthy();
  });

  it('rotates refresh tokens; replaying a used one revokes the whole grant', async () => {
    const first = await signIn(server.origin, 'demo@example.com', 'demo1234');
    const second = await refreshTokens(server.origin, first.refreshToken!);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).toBeTruthy();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const identity = () =>
      fetch(`${server.origin}/api/me/identity`, {
        headers: { authorization: `Bearer ${second.accessToken}` },
      });
    expect((await identity()).status).toBe(200);

    // A stolen, already used refresh token: the provider revokes every token of the grant,
    // and the verifier's cache forgets them at once (no 30 s grace).
    await expect(refreshTokens(server.origin, first.refreshToken!)).rejects.toThrow(
      /invalid_grant/,
    );
    expect((await identity()).status).toBe(401);
    await expect(refreshTokens(server.origin, second.refreshToken!)).rejects.toThrow(
      /invalid_grant/,
    );
  });

  it('lets the browser call the token endpoint from a brand host (CORS), not from elsewhere', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.origin}/oidc/token`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const brand = `http://albelli-nl.localhost:${server.port}`;
    const allowed = await preflight(brand);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(brand);

    // The actual request: oidc-provider answers CORS per client.
    const token = await fetch(`${server.origin}/oidc/token`, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: 'web',
      }),
    });
    expect(token.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('sign-out', () => {
  it('ends the provider session and returns to the brand host', async () => {
    const result = await signIn(server.origin, 'demo@example.com', 'demo1234');
    const send = result.browser.fetch;
    // Signed in: a new authorization request goes straight back with a code, no login page.
    const silent = await send(authorizeUrl());
    expect(silent.headers.get('location')).toMatch(/^http:\/\/localhost:\d+\/\?code=/);

    const returnTo = `http://albelli-nl.localhost:${server.port}/`;
    const endSession = new URL(`${server.origin}/oidc/session/end`);
    endSession.search = new URLSearchParams({
      id_token_hint: result.idToken,
      post_logout_redirect_uri: returnTo,
      client_id: 'web',
    }).toString();
    const page = await send(endSession.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('id="op.logoutForm"');
    // The sign-out page follows the brand of post_logout_redirect_uri: albelli NL, in Dutch.
    expect(html).toContain('<html lang="nl-NL">');
    expect(html).toContain('>Uitloggen</button>');
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirm = await send(new URL(action, server.origin).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(returnTo);

    // Signed out: the next authorization request asks for the password again.
    const again = await send(authorizeUrl());
    expect(again.headers.get('location')).toMatch(/\/oidc\/interaction\//);
  });

  it('revoking the refresh token (what the apps do on sign-out) kills the access token at once', async () => {
    const result = await signIn(server.origin, 'demo@example.com', 'demo1234');
    const auth = { authorization: `Bearer ${result.accessToken}` };
    expect((await fetch(`${server.origin}/api/me/identity`, { headers: auth })).status).toBe(200);
    const revoked = await fetch(`${server.origin}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: result.refreshToken!,
        token_type_hint: 'refresh_token',
        client_id: 'web',
      }),
    });
    expect(revoked.status).toBe(200);
    expect((await fetch(`${server.origin}/api/me/identity`, { headers: auth })).status).toBe(401);
  });
});
