import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { cookieClient } from '../../src/testing/cookie-jar.ts';
import type { CookieClient } from '../../src/testing/cookie-jar.ts';

/** An authorization request of the web client returning to `redirectUri`. */
export function authorizeUrl(origin: string, redirectUri = `${origin}/`): string {
  const url = new URL(`${origin}/oidc/auth`);
  url.search = new URLSearchParams({
    client_id: 'web',
    response_type: 'code',
    scope: 'openid email',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256')
      .update(randomBytes(32).toString('base64url'))
      .digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  }).toString();
  return url.toString();
}

/** Starts a flow like a browser: the login page's response, its HTML and the form's URL. */
export async function openLoginPage(origin: string, redirectUri?: string) {
  const client = cookieClient();
  const start = await client.fetch(authorizeUrl(origin, redirectUri));
  expect(start.status).toBe(303);
  const interactionUrl = new URL(start.headers.get('location')!, origin).toString();
  const page = await client.fetch(interactionUrl);
  return { client, interactionUrl, page, html: await page.text() };
}

export function postLogin(
  client: CookieClient,
  interactionUrl: string,
  fields: { email: string; password: string },
) {
  return client.fetch(interactionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The text of the page's `role="alert"` element, entities decoded. */
export function alertText(html: string): string | undefined {
  const text = /role="alert"[^>]*>([^<]*)</.exec(html)?.[1];
  return text?.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
}
