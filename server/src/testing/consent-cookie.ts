import { REFERENCE_CONSENT_REVISION } from '@photo/core/api/schemas/consent';

/** The product's result code: analytics then marketing (docs/product.md "Page furniture"). */
export type ConsentResultCode = '00' | '01' | '10' | '11';

/** The consent library's cookie (vanilla-cookieconsent's default name). */
export const CONSENT_COOKIE_NAME = 'cc_cookie';

/**
 * The consent cookie as the app's dialog writes it after a choice under the reference server's
 * revision, so tests can start with a choice already made (the e2e fixtures do by default).
 */
export function consentCookieValue(code: ConsentResultCode, now = new Date()): string {
  const categories = ['necessary'];
  if (code[0] === '1') categories.push('analytics');
  if (code[1] === '1') categories.push('marketing');
  const stamp = now.toISOString();
  return encodeURIComponent(
    JSON.stringify({
      categories,
      revision: REFERENCE_CONSENT_REVISION,
      data: { code },
      consentTimestamp: stamp,
      consentId: `e2e-${code}`,
      services: { necessary: [], analytics: [], marketing: [] },
      languageCode: 'en-GB',
      lastConsentTimestamp: stamp,
      expirationTime: now.getTime() + 182 * 24 * 3600 * 1000,
    }),
  );
}
