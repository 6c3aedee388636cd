import type {
  BrandClass,
  BrandHost,
  FeatureFlagName,
  StorefrontRoutes,
} from '@photo/core/api/schemas/config';
import { featureFlagNames } from '@photo/core/api/schemas/config';

/**
 * The brand host table (docs/product.md#brands, docs/product.md#limits): 17 hosts over three vendors. On a developer machine the
 * hosts are `*.localhost` names, which browsers resolve to loopback, so every brand is one
 * running server. `canonicalOrigin` is the brand's real public site.
 *
 * Deliberate differences tests rely on:
 * - `localhost` is the default brand (empty label, not production).
 * - `photobox-fr.localhost` redirects to `albelli-fr.localhost` (see {@link brandRedirects}).
 * - `albelli-se.localhost` uses the alternate channel name `fotoalbum-se` (docs/product.md#limits).
 * - `acc-albelli-nl.localhost` is the acceptance copy of albelli NL: not production.
 * - `photobox-uk.localhost` and `albelli-nl.localhost` have a mobile app (`mobileApp`, example
 *   links of custom schemes; no app answers them on a developer machine); the others have none.
 * - Feature flags: every photo flag is on for every host except `hofmann-pt.localhost`
 *   (all five off) and `photobox-ie.localhost` (upload and order prints off); see
 *   {@link featureFlagHosts}.
 */

interface HostRow {
  host: string;
  vendor: 'Photobox' | 'Hofmann' | 'albelli';
  country: string;
  locale: string;
  channel: string;
  production: boolean;
  canonicalOrigin: string;
  /** Empty for the default brand only. */
  brandLabel?: string;
  /** The brand's mobile app (docs/product.md#upload), if it has one. */
  mobileApp?: BrandHost['mobileApp'];
}

const vendorClass: Record<HostRow['vendor'], BrandClass> = {
  Photobox: 'pbx',
  Hofmann: 'hfm',
  albelli: 'alb',
};

const vendorThemeColor: Record<HostRow['vendor'], string> = {
  Photobox: '#0072b9',
  Hofmann: '#c8102e',
  albelli: '#e8590c',
};

/** Localised storefront paths; the storefront lives on the brand's canonical origin. */
interface StorefrontPaths {
  faq: string;
  contact: string;
  products: string;
  editor: string;
  photoFaq: string;
  /** The payment page of an unpaid order (Pay now, docs/product.md#states). */
  payment: string;
}
const pathsByLanguage: Record<string, StorefrontPaths> = {
  en: {
    faq: '/help',
    contact: '/contact',
    products: '/products',
    editor: '/editor',
    photoFaq: '/help/my-photos',
    payment: '/checkout/payment',
  },
  nl: {
    faq: '/klantenservice',
    contact: '/contact',
    products: '/producten',
    editor: '/editor',
    photoFaq: '/klantenservice/mijn-fotos',
    payment: '/bestellen/betalen',
  },
  es: {
    faq: '/ayuda',
    contact: '/contacto',
    products: '/productos',
    editor: '/editor',
    photoFaq: '/ayuda/mis-fotos',
    payment: '/pedido/pago',
  },
  fr: {
    faq: '/aide',
    contact: '/contact',
    products: '/produits',
    editor: '/editeur',
    photoFaq: '/aide/mes-photos',
    payment: '/commande/paiement',
  },
  de: {
    faq: '/hilfe',
    contact: '/kontakt',
    products: '/produkte',
    editor: '/editor',
    photoFaq: '/hilfe/meine-fotos',
    payment: '/bestellung/bezahlen',
  },
  it: {
    faq: '/aiuto',
    contact: '/contatti',
    products: '/prodotti',
    editor: '/editor',
    photoFaq: '/aiuto/le-mie-foto',
    payment: '/ordine/pagamento',
  },
  da: {
    faq: '/hjaelp',
    contact: '/kontakt',
    products: '/produkter',
    editor: '/editor',
    photoFaq: '/hjaelp/mine-fotos',
    payment: '/bestilling/betaling',
  },
  pt: {
    faq: '/ajuda',
    contact: '/contacto',
    products: '/produtos',
    editor: '/editor',
    photoFaq: '/ajuda/as-minhas-fotos',
    payment: '/encomenda/pagamento',
  },
  nb: {
    faq: '/hjelp',
    contact: '/kontakt',
    products: '/produkter',
    editor: '/editor',
    photoFaq: '/hjelp/mine-bilder',
    payment: '/bestilling/betaling',
  },
  sv: {
    faq: '/hjalp',
    contact: '/kontakt',
    products: '/produkter',
    editor: '/editor',
    photoFaq: '/hjalp/mina-foton',
    payment: '/bestallning/betalning',
  },
};

export function languageOf(locale: string): string {
  return locale.split('-')[0] ?? 'en';
}

export function storefrontRoutesFor(canonicalOrigin: string, locale: string): StorefrontRoutes {
  const paths = pathsByLanguage[languageOf(locale)] ?? pathsByLanguage.en!;
  return {
    Main: `${canonicalOrigin}/`,
    FAQ: `${canonicalOrigin}${paths.faq}`,
    ContactUs: `${canonicalOrigin}${paths.contact}`,
    AllProducts: `${canonicalOrigin}${paths.products}`,
    EditorUrl: `${canonicalOrigin}${paths.editor}`,
    PhotoManagementFAQ: `${canonicalOrigin}${paths.photoFaq}`,
    Payment: `${canonicalOrigin}${paths.payment}`,
  };
}

export const DEFAULT_HOST = 'localhost';

const rows: HostRow[] = [
  // The default brand: what unknown hosts (and 127.0.0.1) get. Its label is never shown.
  {
    host: DEFAULT_HOST,
    vendor: 'Photobox',
    country: 'GB',
    locale: 'en-GB',
    channel: 'photobox-uk',
    production: false,
    canonicalOrigin: 'https://www.photobox.co.uk',
    brandLabel: '',
  },
  {
    host: 'photobox-uk.localhost',
    vendor: 'Photobox',
    country: 'GB',
    locale: 'en-GB',
    channel: 'photobox-uk',
    production: true,
    canonicalOrigin: 'https://www.photobox.co.uk',
    mobileApp: { uploadLink: 'photobox://upload' },
  },
  {
    host: 'photobox-ie.localhost',
    vendor: 'Photobox',
    country: 'IE',
    locale: 'en-GB',
    channel: 'photobox-ie',
    production: true,
    canonicalOrigin: 'https://www.photobox.ie',
  },
  {
    host: 'photobox-fr.localhost',
    vendor: 'Photobox',
    country: 'FR',
    locale: 'fr-FR',
    channel: 'photobox-fr',
    production: true,
    canonicalOrigin: 'https://www.photobox.fr',
  },
  {
    host: 'photobox-it.localhost',
    vendor: 'Photobox',
    country: 'IT',
    locale: 'it-IT',
    channel: 'photobox-it',
    production: true,
    canonicalOrigin: 'https://www.photobox.it',
  },
  {
    host: 'photobox-dk.localhost',
    vendor: 'Photobox',
    country: 'DK',
    locale: 'da-DK',
    channel: 'photobox-dk',
    production: true,
    canonicalOrigin: 'https://www.photobox.dk',
  },
  {
    host: 'photobox-no.localhost',
    vendor: 'Photobox',
    country: 'NO',
    locale: 'nb-NO',
    channel: 'photobox-no',
    production: true,
    canonicalOrigin: 'https://www.photobox.no',
  },
  {
    host: 'hofmann-es.localhost',
    vendor: 'Hofmann',
    country: 'ES',
    locale: 'es-ES',
    channel: 'hofmann-es',
    production: true,
    canonicalOrigin: 'https://www.hofmann.es',
  },
  {
    host: 'hofmann-pt.localhost',
    vendor: 'Hofmann',
    country: 'PT',
    locale: 'pt-PT',
    channel: 'hofmann-pt',
    production: true,
    canonicalOrigin: 'https://www.hofmann.pt',
  },
  {
    host: 'albelli-nl.localhost',
    vendor: 'albelli',
    country: 'NL',
    locale: 'nl-NL',
    channel: 'albelli-nl',
    production: true,
    canonicalOrigin: 'https://www.albelli.nl',
    // A query of its own, kept when album_id is added.
    mobileApp: { uploadLink: 'albelli://upload?source=my-account' },
  },
  {
    host: 'acc-albelli-nl.localhost',
    vendor: 'albelli',
    country: 'NL',
    locale: 'nl-NL',
    channel: 'albelli-nl',
    production: false,
    canonicalOrigin: 'https://acc.albelli.nl',
  },
  {
    host: 'albelli-be.localhost',
    vendor: 'albelli',
    country: 'BE',
    locale: 'nl-BE',
    channel: 'albelli-be',
    production: true,
    canonicalOrigin: 'https://www.albelli.be',
  },
  {
    host: 'albelli-at.localhost',
    vendor: 'albelli',
    country: 'AT',
    locale: 'de-AT',
    channel: 'albelli-at',
    production: true,
    canonicalOrigin: 'https://www.albelli.at',
  },
  {
    host: 'albelli-fr.localhost',
    vendor: 'albelli',
    country: 'FR',
    locale: 'fr-FR',
    channel: 'albelli-fr',
    production: true,
    canonicalOrigin: 'https://www.albelli.fr',
  },
  // The Swedish brand maps to an alternate channel name (docs/product.md#limits).
  {
    host: 'albelli-se.localhost',
    vendor: 'albelli',
    country: 'SE',
    locale: 'sv-SE',
    channel: 'fotoalbum-se',
    production: true,
    canonicalOrigin: 'https://www.albelli.se',
  },
  {
    host: 'albelli-uk.localhost',
    vendor: 'albelli',
    country: 'GB',
    locale: 'en-GB',
    channel: 'albelli-uk',
    production: true,
    canonicalOrigin: 'https://www.albelli.co.uk',
  },
  {
    host: 'albelli-dk.localhost',
    vendor: 'albelli',
    country: 'DK',
    locale: 'da-DK',
    channel: 'albelli-dk',
    production: true,
    canonicalOrigin: 'https://www.albelli.dk',
  },
];

export const brandHosts: BrandHost[] = rows.map((row) => ({
  host: row.host,
  vendor: row.vendor,
  brandClass: vendorClass[row.vendor],
  brandLabel: row.brandLabel ?? row.vendor,
  country: row.country,
  locale: row.locale,
  channel: row.channel,
  themeColor: vendorThemeColor[row.vendor],
  production: row.production,
  canonicalOrigin: row.canonicalOrigin,
  storefrontRoutes: storefrontRoutesFor(row.canonicalOrigin, row.locale),
  ...(row.mobileApp ? { mobileApp: row.mobileApp } : {}),
}));

/** The French redirect of docs/product.md#brands: the old Photobox France host now leads to albelli France. */
export const brandRedirects: Record<string, string> = {
  'photobox-fr.localhost': 'albelli-fr.localhost',
};

const flagsOffByHost: Record<string, FeatureFlagName[]> = {
  'hofmann-pt.localhost': [...featureFlagNames],
  'photobox-ie.localhost': ['PhotoManagementUploadEnabled', 'PhotoManagementOrderPrintsEnabled'],
};

/** Third flag source of docs/product.md#roles-and-flags: per flag, the hosts where it is on. */
export const featureFlagHosts = Object.fromEntries(
  featureFlagNames.map((flag) => [
    flag,
    brandHosts.map((brand) => brand.host).filter((host) => !flagsOffByHost[host]?.includes(flag)),
  ]),
) as Record<FeatureFlagName, string[]>;

export function findBrandHost(host: string): BrandHost | undefined {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '');
  return brandHosts.find((brand) => brand.host === name);
}
