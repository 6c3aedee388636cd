/** The library's cookie (vanilla-cookieconsent's default name); the app's code is in its `data`. */
export const CONSENT_COOKIE = 'cc_cookie';

interface StoredConsent {
  revision: number | null;
  code: string | null;
}

/**
 * The revision and result code of the choice stored in the consent cookie, read before the
 * library loads (the built-in settings keep that revision when the brand's settings fail).
 */
export function readStoredConsent(cookies: string = document.cookie): StoredConsent | null {
  const entry = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  if (!entry) return null;
  try {
    const value = JSON.parse(decodeURIComponent(entry.slice(CONSENT_COOKIE.length + 1))) as {
      revision?: unknown;
      data?: { code?: unknown } | null;
    };
    return {
      revision: typeof value.revision === 'number' ? value.revision : null,
      code: typeof value.data?.code === 'string' ? value.data.code : null,
    };
  } catch {
    return null;
  }
}
