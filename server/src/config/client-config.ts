import { clientConfigSchema, referenceApiBaseUrls } from '@photo/core/api/schemas/config';
import type { ClientConfig } from '@photo/core/api/schemas/config';
import { brandHosts, brandRedirects, DEFAULT_HOST, featureFlagHosts } from './brand-hosts.ts';
import { referenceSupportWidgets } from './support-widget-config.ts';

/** Path of the OIDC provider below the public origin. */
export const OIDC_PATH = '/oidc';

export function issuerFor(publicOrigin: string): string {
  return `${publicOrigin}${OIDC_PATH}`;
}

/**
 * `/config.json`. Base URLs are relative (docs/conventions.md), so every brand host reaches the
 * APIs on its own origin; a deployment can point any of them at the retailer's real services.
 * Validated against the shared schema, so a bad table stops the server at start, not the app.
 */
export function buildClientConfig(
  publicOrigin: string,
  options: { sentryDsn?: string } = {},
): ClientConfig {
  return clientConfigSchema.parse({
    Auth: {
      ChannelAuthority: issuerFor(publicOrigin),
      ClientID: 'web',
      Scopes: 'openid email profile offline_access',
    },
    ...referenceApiBaseUrls,
    DefaultHost: DEFAULT_HOST,
    Brands: brandHosts,
    Redirects: brandRedirects,
    FeatureFlagHosts: featureFlagHosts,
    // Error reports go to Sentry instead of the reference server when a DSN is set.
    ...(options.sentryDsn ? { SentryDsn: options.sentryDsn } : {}),
    ...referenceSupportWidgets,
  } satisfies ClientConfig);
}
