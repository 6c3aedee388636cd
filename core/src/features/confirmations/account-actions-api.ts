import { request } from '../../api/request';
import { buildUrl } from '../../api/base-api';
import type { ClientConfig } from '../../api/schemas/config';
import type { Platform } from '../../platform/platform';

/**
 * Base URLs of the identity service (account deletion, e-mail change) and the e-mail gateway
 * (double opt-in). `/config.json` has no field for them yet, so they use the same-origin
 * defaults of docs/conventions.md's `/api/{service}` pattern unless the config names them.
 */
const DEFAULT_IDENTITY_API_URL = '/api/identity';
const DEFAULT_EMAIL_GATEWAY_URL = '/api/email-gateway';

function configUrl(config: ClientConfig, key: string, fallback: string): string {
  const value = (config as unknown as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** docs/product.md#apis: GET /api/v1/Profiles/{email}/subscription/confirm/{token} (no token). */
export async function confirmSubscription(
  config: ClientConfig,
  email: string,
  token: string,
): Promise<void> {
  const base = configUrl(config, 'EmailGatewayUrl', DEFAULT_EMAIL_GATEWAY_URL);
  const path = `/api/v1/Profiles/${encodeURIComponent(email)}/subscription/confirm/${encodeURIComponent(token)}`;
  await request(buildUrl(base, path), { method: 'GET' });
}

type IdentityAction = 'deleteaccount' | 'emailchanges';

/** docs/product.md#apis: POST v2/identities/{idpType}/{idpSub}/{action}/{confirmationToken}/actions/confirm. */
export async function confirmIdentityAction(
  config: ClientConfig,
  platform: Platform,
  action: IdentityAction,
  confirmationToken: string,
): Promise<void> {
  const [token, claims] = await Promise.all([
    platform.auth.getAccessToken(),
    platform.auth.getIdTokenClaims(),
  ]);
  if (!token || !claims) throw new Error('Not signed in');
  const base = configUrl(config, 'IdentityApiUrl', DEFAULT_IDENTITY_API_URL);
  const path = `/v2/identities/${encodeURIComponent(claims.idp_type)}/${encodeURIComponent(claims.idp_sub)}/${action}/${encodeURIComponent(confirmationToken)}/actions/confirm`;
  await request(buildUrl(base, path), { method: 'POST', token });
}
