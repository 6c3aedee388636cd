function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Decodes (does not verify) the payload of a JWT. docs/product.md#validation: throws 'JWT Token must be provided'
 * for an empty token and 'JWT Token must have a Payload' when there is no decodable payload.
 */
export function decodeJwtPayload<T = Record<string, unknown>>(token: string | null | undefined): T {
  if (!token) throw new Error('JWT Token must be provided');
  const payload = token.split('.')[1];
  if (!payload) throw new Error('JWT Token must have a Payload');
  let parsed: unknown;
  try {
    parsed = JSON.parse(base64UrlDecode(payload));
  } catch {
    throw new Error('JWT Token must have a Payload');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('JWT Token must have a Payload');
  }
  return parsed as T;
}
