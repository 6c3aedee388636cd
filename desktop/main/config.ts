/**
 * Where the desktop app finds the server, read once from the environment (docs/desktop.md). The
 * renderer never sees this directly: it talks to `app://photo/…`, which main proxies (see
 * app-protocol.ts), so core's relative `/config.json`, `/locales/*` and `/api/*` URLs work
 * unchanged.
 */
export interface DesktopConfig {
  /** Origin of the server, e.g. `http://localhost:8080` or `http://albelli-nl.localhost:8080`. */
  serverOrigin: string;
  /**
   * Host name of that origin: the brand the app shows (its language, theme and flags) is the
   * brand of this host in `/config.json`, as a browser on that host would show.
   */
  brandHost: string;
  /** OIDC issuer override; null: `Auth.ChannelAuthority` of the server's `/config.json`. */
  issuer: string | null;
  /** OIDC client of the desktop app (public, native, loopback redirect). */
  clientId: string;
  scopes: string;
}

export const DEFAULT_SERVER_URL = 'http://localhost:8080';

function httpOrigin(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} is not a URL: ${raw}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be http(s): ${raw}`);
  }
  if (url.username || url.password) throw new Error(`${name} must not carry credentials`);
  return url;
}

export function readDesktopConfig(env: Record<string, string | undefined>): DesktopConfig {
  const server = httpOrigin('PHOTO_SERVER_URL', env.PHOTO_SERVER_URL || DEFAULT_SERVER_URL);
  const issuer = env.PHOTO_OIDC_ISSUER
    ? httpOrigin('PHOTO_OIDC_ISSUER', env.PHOTO_OIDC_ISSUER).href.replace(/\/$/, '')
    : null;
  return {
    serverOrigin: server.origin,
    brandHost: server.hostname,
    issuer,
    clientId: env.PHOTO_OIDC_CLIENT_ID || 'desktop',
    scopes: 'openid email profile offline_access',
  };
}
