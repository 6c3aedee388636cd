import { z } from 'zod/mini';

/**
 * A brand's cookie-consent settings (`CookieConsentUrl` of `/config.json`, docs/product.md "Page
 * furniture"). `revision` counts the brand's cookie policy: a choice made under another revision
 * is asked again.
 */
export const cookieConsentSettingsSchema = z.object({
  revision: z.number().check(z.int(), z.gte(0)),
  policyUrl: z.url(),
  categories: z.array(z.enum(['analytics', 'marketing'])),
});
export type CookieConsentSettings = z.infer<typeof cookieConsentSettingsSchema>;

/** The revision the reference server answers; a deployment raises it to ask everyone again. */
export const REFERENCE_CONSENT_REVISION = 1;
