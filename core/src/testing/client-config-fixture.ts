import { referenceApiBaseUrls } from '../api/schemas/config';
import type { BrandHost, ClientConfig } from '../api/schemas/config';

const routes = (origin: string): BrandHost['storefrontRoutes'] => ({
  Main: `${origin}/`,
  FAQ: `${origin}/help`,
  ContactUs: `${origin}/contact`,
  AllProducts: `${origin}/products`,
  EditorUrl: `${origin}/editor`,
  PhotoManagementFAQ: `${origin}/help/my-photos`,
  Payment: `${origin}/checkout/payment`,
});

export function brandFixture(overrides: Partial<BrandHost> & Pick<BrandHost, 'host'>): BrandHost {
  return {
    vendor: 'Photobox',
    brandClass: 'pbx',
    brandLabel: 'Photobox',
    country: 'GB',
    locale: 'en-GB',
    channel: 'photobox-uk',
    themeColor: '#0072b9',
    production: true,
    canonicalOrigin: 'https://www.photobox.co.uk',
    storefrontRoutes: routes('https://www.photobox.co.uk'),
    ...overrides,
  };
}

/** A small but valid `/config.json` for tests: default host, two brands, one redirect. */
export function clientConfigFixture(overrides: Partial<ClientConfig> = {}): ClientConfig {
  return {
    Auth: {
      ChannelAuthority: 'http://localhost:8080/oidc',
      ClientID: 'web',
      Scopes: 'openid email profile offline_access',
    },
    ...referenceApiBaseUrls,
    DefaultHost: 'localhost',
    Brands: [
      brandFixture({ host: 'localhost', brandLabel: '', production: false }),
      brandFixture({ host: 'photobox-uk.localhost' }),
      brandFixture({
        host: 'albelli-nl.localhost',
        vendor: 'albelli',
        brandClass: 'alb',
        brandLabel: 'albelli',
        country: 'NL',
        locale: 'nl-NL',
        channel: 'albelli-nl',
        themeColor: '#e8590c',
        canonicalOrigin: 'https://www.albelli.nl',
        storefrontRoutes: routes('https://www.albelli.nl'),
      }),
    ],
    Redirects: { 'photobox-fr.localhost': 'albelli-fr.localhost' },
    FeatureFlagHosts: {
      PhotoManagementTimelineViewEnabled: ['photobox-uk.localhost'],
      PhotoManagementAlbumViewEnabled: ['photobox-uk.localhost'],
      PhotoManagementSharedAlbumsViewEnabled: [],
      PhotoManagementUploadEnabled: [],
      PhotoManagementOrderPrintsEnabled: [],
    },
    ...overrides,
  };
}
