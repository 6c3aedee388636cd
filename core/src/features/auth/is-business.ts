import type { IdTokenClaims } from '../../platform/platform';

/** docs/product.md#roles-and-flags: a business (B2B) user has the authentication-method claim 'b2b', any case. */
export function isBusinessUser(
  claims: Pick<IdTokenClaims, 'authentication_method'> | null | undefined,
): boolean {
  const method = claims?.authentication_method;
  return typeof method === 'string' && method.trim().toLowerCase() === 'b2b';
}
