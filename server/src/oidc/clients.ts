import type { ClientMetadata } from 'oidc-provider';
import { brandHosts } from '../config/brand-hosts.ts';

/** Paths on a brand host the web app may return to after sign-out (docs/product.md#screens public routes). */
const POST_LOGOUT_PATHS = ['/', '/account-deleted', '/change-email-success'];

/** Every origin the web app is served from: each brand host and 127.0.0.1 on our port, plus the public origin. */
export function webOrigins(publicOrigin: string, port: number): string[] {
  const origins = [
    ...brandHosts.map((brand) => `http://${brand.host}:${port}`),
    `http://127.0.0.1:${port}`,
    publicOrigin,
  ];
  return [...new Set(origins)];
}

/**
 * The two first-party public clients of docs/conventions.md. Both use PKCE S256 and no secret.
 * `desktop` is native: oidc-provider accepts its loopback redirect on any port (RFC 8252 §7.3).
 */
export function oidcClients(publicOrigin: string, port: number): ClientMetadata[] {
  const origins = webOrigins(publicOrigin, port);
  return [
    {
      client_id: 'web',
      client_name: 'My account',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: origins.map((origin) => `${origin}/`),
      post_logout_redirect_uris: origins.flatMap((origin) =>
        POST_LOGOUT_PATHS.map((path) => `${origin}${path}`),
      ),
    },
    {
      client_id: 'desktop',
      client_name: 'My account desktop app',
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: ['http://127.0.0.1/callback'],
      post_logout_redirect_uris: ['http://127.0.0.1/callback'],
    },
  ];
}
