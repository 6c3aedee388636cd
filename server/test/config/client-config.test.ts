// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { clientConfigSchema, featureFlagNames } from '@photo/core/api/schemas/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandHosts,
  brandRedirects,
  featureFlagHosts,
  findBrandHost,
} from '../../src/config/brand-hosts.ts';
import { buildClientConfig } from '../../src/config/client-config.ts';
import { buildTestApp } from '../app/test-app.ts';

/** The eleven locales of docs/product.md#limits, written out: the test's own expectation. */
const PRODUCT_LOCALES = [
  'en-GB',
  'nl-NL',
  'es-ES',
  'fr-FR',
  'nl-BE',
  'de-AT',
  'it-IT',
  'da-DK',
  'pt-PT',
  'nb-NO',
  'sv-SE',
];

describe('brand host table', () => {
  it('has about 17 unique hosts over the three vendors', () => {
    expect(brandHosts.length).toBeGreaterThanOrEqual(15);
    expect(brandHosts.length).toBeLessThanOrEqual(20);
    expect(new Set(brandHosts.map((brand) => brand.host)).size).toBe(brandHosts.length);
    const classes = Object.fromEntries(brandHosts.map((brand) => [brand.vendor, brand.brandClass]));
    expect(classes).toEqual({ Photobox: 'pbx', Hofmann: 'hfm', albelli: 'alb' });
  });

  it('holds the three named hosts and the default brand', () => {
    expect(findBrandHost('albelli-nl.localhost')).toMatchObject({
      brandClass: 'alb',
      locale: 'nl-NL',
      country: 'NL',
      canonicalOrigin: 'https://www.albelli.nl',
    });
    expect(findBrandHost('photobox-uk.localhost')).toMatchObject({
      brandClass: 'pbx',
      locale: 'en-GB',
      country: 'GB',
    });
    expect(findBrandHost('hofmann-es.localhost')).toMatchObject({
      brandClass: 'hfm',
      locale: 'es-ES',
      country: 'ES',
    });
    expect(findBrandHost('localhost')).toMatchObject({ brandLabel: '', production: false });
    expect(findBrandHost('ALBELLI-NL.localhost:8080')?.host).toBe('albelli-nl.localhost');
    expect(findBrandHost('example.com')).toBeUndefined();
  });

  it('uses only the locales of docs/product.md#limits, and all of them', () => {
    const locales = new Set(brandHosts.map((brand) => brand.locale));
    for (const locale of locales) expect(PRODUCT_LOCALES).toContain(locale);
    expect([...locales].sort()).toEqual([...PRODUCT_LOCALES].sort());
  });

  it('gives the Swedish brand an alternate channel name', () => {
    const swedish = brandHosts.filter((brand) => brand.country === 'SE');
    expect(swedish).toHaveLength(1);
    // Every other host's channel is its host name's first label; the Swedish one is not.
    expect(swedish[0]!.channel).not.toBe(swedish[0]!.host.replace('.localhost', ''));
    expect(swedish[0]!.channel).toBe('fotoalbum-se');
  });

  it('redirects one French host to another host of the table', () => {
    const entries = Object.entries(brandRedirects);
    expect(entries).toHaveLength(1);
    const [from, to] = entries[0]!;
    expect(findBrandHost(from)?.country).toBe('FR');
    expect(findBrandHost(to)).toBeDefined();
    expect(to).not.toBe(from);
  });

  it('puts every storefront route on the brand canonical origin', () => {
    for (const brand of brandHosts) {
      for (const url of Object.values(brand.storefrontRoutes))
        expect(url.startsWith(`${brand.canonicalOrigin}/`)).toBe(true);
    }
  });

  it('turns every flag on for localhost and the named hosts, and off where documented', () => {
    for (const flag of featureFlagNames) {
      expect(featureFlagHosts[flag]).toEqual(
        expect.arrayContaining([
          'localhost',
          'albelli-nl.localhost',
          'photobox-uk.localhost',
          'hofmann-es.localhost',
        ]),
      );
      expect(featureFlagHosts[flag]).not.toContain('hofmann-pt.localhost');
    }
    expect(featureFlagHosts.PhotoManagementUploadEnabled).not.toContain('photobox-ie.localhost');
    expect(featureFlagHosts.PhotoManagementTimelineViewEnabled).toContain('photobox-ie.localhost');
  });

  it('gives two development brands a mobile app link and the others none', () => {
    const withApp = brandHosts.filter((brand) => brand.mobileApp);
    expect(withApp.map((brand) => brand.host).sort()).toEqual([
      'albelli-nl.localhost',
      'photobox-uk.localhost',
    ]);
    expect(findBrandHost('albelli-nl.localhost')?.mobileApp?.uploadLink).toBe(
      'albelli://upload?source=my-account',
    );
    expect(findBrandHost('localhost')).not.toHaveProperty('mobileApp');
  });
});

describe('client config', () => {
  it('carries SentryDsn only when the server has one', () => {
    expect(buildClientConfig('http://localhost:9999')).not.toHaveProperty('SentryDsn');
    const dsn = 'https://abc@o1.ingest.sentry.io/1';
    const config = buildClientConfig('http://localhost:9999', { sentryDsn: dsn });
    expect(clientConfigSchema.parse(config).SentryDsn).toBe(dsn);
  });

  it('validates against clientConfigSchema with relative base URLs and the issuer', () => {
    const config = buildClientConfig('http://localhost:9999');
    expect(clientConfigSchema.safeParse(config).success).toBe(true);
    expect(config.Auth).toEqual({
      ChannelAuthority: 'http://localhost:9999/oidc',
      ClientID: 'web',
      Scopes: 'openid email profile offline_access',
    });
    for (const key of [
      'CustomerApiUrl',
      'VoucherApiUrl',
      'PhotoManagementShareApiBaseUrl',
      'PhotoManagementDownloadApiUrl',
      'PhotoManagementPushWebSocketUrl',
      'StorefrontConfigUrl',
      'IdentityApiUrl',
      'EmailGatewayUrl',
      'OrdersApiUrl',
      'ProjectsApiUrl',
      'InvoicesApiUrl',
      'ProductsApiUrl',
      'DeliveryApiUrl',
      'ReorderApiUrl',
      'StorageApiUrl',
      'WidgetsApiUrl',
      'MerchandiseApiUrl',
    ] as const) {
      expect(config[key].startsWith('/'), key).toBe(true);
    }
    expect(config.DefaultHost).toBe('localhost');
  });

  describe('GET /config.json', () => {
    let app: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      app = await buildTestApp({ port: 8123, publicOrigin: 'http://localhost:8123' });
    });
    afterAll(async () => {
      await app.close();
    });

    it('serves the validated config, uncached', async () => {
      const response = await app.app.inject({ method: 'GET', url: '/config.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['cache-control']).toBe('no-cache');
      const config = clientConfigSchema.parse(response.json());
      expect(config.Auth.ChannelAuthority).toBe('http://localhost:8123/oidc');
      expect(config.Brands.map((brand) => brand.host)).toEqual(
        expect.arrayContaining([
          'albelli-nl.localhost',
          'photobox-uk.localhost',
          'hofmann-es.localhost',
          'localhost',
        ]),
      );
      const albelliNl = config.Brands.find((brand) => brand.host === 'albelli-nl.localhost');
      expect(albelliNl?.mobileApp).toEqual({ uploadLink: 'albelli://upload?source=my-account' });
    });

    it('serves the locales of core/locales and nothing else', async () => {
      const ok = await app.app.inject({ method: 'GET', url: '/locales/en-GB.json' });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toContain('application/json');
      expect(typeof ok.json()).toBe('object');

      for (const url of [
        '/locales/xx-XX.json',
        '/locales/en-GB',
        '/locales/..%2F..%2Fpackage.json',
        '/locales/%2e%2e%2fpackage.json',
        '/locales/..%5C..%5Cpackage.json',
        '/locales/en-GB.json%00.txt',
      ]) {
        const response = await app.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toMatchObject({ statusCode: 404, field: 'params.locale' });
      }
      // Normalised by the router before it reaches us: still nothing outside core/locales.
      const dotted = await app.app.inject({ method: 'GET', url: '/locales/../package.json' });
      expect(dotted.statusCode).toBe(404);
      expect(dotted.body).not.toContain('"workspaces"');
    });
  });
});
