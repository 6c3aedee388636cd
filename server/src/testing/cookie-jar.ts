import { CookieJar } from 'tough-cookie';

/**
 * An HTTP client that behaves like a browser tab for the OIDC flow: it keeps cookies
 * (RFC 6265 rules through tough-cookie: domain, path, expiry, deletion) and follows no
 * redirect by itself, so a caller sees every hop.
 */
export interface CookieClient {
  readonly jar: CookieJar;
  fetch(url: string, init?: RequestInit): Promise<Response>;
}

export function cookieClient(jar: CookieJar = new CookieJar()): CookieClient {
  return {
    jar,
    async fetch(url, init = {}) {
      const headers = new Headers(init.headers);
      const cookie = await jar.getCookieString(url);
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(url, { ...init, redirect: 'manual', headers });
      for (const header of response.headers.getSetCookie()) {
        await jar.setCookie(header, url, { ignoreError: true });
      }
      return response;
    },
  };
}
