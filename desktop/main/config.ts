/**
 * Where the desktop app finds the reference server. The renderer never sees this directly: it
 * talks to `app://photo/…`, which main proxies (see app-protocol.ts), so core's relative
 * `/config.json`, `/locales/*` and `/api/*` URLs work unchanged.
 */
export interface DesktopConfig {
  /** Origin of the server, e.g. `http://localhost:8080`. */
  serverOrigin: string;
  /** OIDC issuer (conventions.md: `{PUBLIC_ORIGIN}/oidc`). */
  issuer: string;
  /** OIDC client of the desktop app (public, native, loopback redirect). */
  clientId: string;
  scopes: string;
}

export function readDesktopConfig(env: Record<string, string | undefined>): DesktopConfig {
  const raw = env.PHOTO_SERVER_URL ?? 'http://localhost:8080';
  let origin: URL;
  try {
    origin = new URL(raw);
  } catch {
    throw new Error(`PHOTO_SERVER_URL is not a URL: ${raw}`);
  }
  if (origin.protocol !== 'https:' && origin.protocol !== 'http:') {
    throw new Error(`PHOTO_SERVER_URL must be http(s): ${raw}`);
  }
  const serverOrigin = origin.origin;
  return {
    serverOrigin,
    issuer: env.PHOTO_OIDC_ISSUER ?? `${serverOrigin}/oidc`,
    clientId: env.PHOTO_OIDC_CLIENT_ID ?? 'desktop',
    scopes: 'openid email profile offline_access',
  };
}
