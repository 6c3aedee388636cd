export interface CookieOptions {
  /** Seconds until the cookie expires (the token's own lifetime). */
  maxAgeSeconds: number;
  secure: boolean;
}

/** Reads one cookie by name, or null. */
export function readCookie(doc: Document, name: string): string | null {
  for (const part of doc.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** docs/conventions.md Auth: `SameSite=Lax`, `Path=/`, `Secure` on https, expiry = token expiry. */
export function writeCookie(
  doc: Document,
  name: string,
  value: string,
  { maxAgeSeconds, secure }: CookieOptions,
): void {
  const attributes = [
    `Path=/`,
    `SameSite=Lax`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
  ];
  if (secure) attributes.push('Secure');
  doc.cookie = `${name}=${encodeURIComponent(value)}; ${attributes.join('; ')}`;
}

export function removeCookie(doc: Document, name: string): void {
  doc.cookie = `${name}=; Path=/; SameSite=Lax; Max-Age=0`;
}
