import { z } from 'zod/mini';

/** Brand classes, from the vendor name (docs/product.md#brands). */
export const brandClassSchema = z.enum(['pbx', 'hfm', 'alb']);
export type BrandClass = z.infer<typeof brandClassSchema>;

export const featureFlagNames = [
  'PhotoManagementTimelineViewEnabled',
  'PhotoManagementAlbumViewEnabled',
  'PhotoManagementSharedAlbumsViewEnabled',
  'PhotoManagementUploadEnabled',
  'PhotoManagementOrderPrintsEnabled',
] as const;
export const featureFlagNameSchema = z.enum(featureFlagNames);
export type FeatureFlagName = z.infer<typeof featureFlagNameSchema>;

/** Storefront routes (docs/product.md#data Config). Absolute http(s) URLs. */
export const storefrontRoutesSchema = z.object({
  Main: z.url(),
  FAQ: z.url(),
  ContactUs: z.url(),
  AllProducts: z.url(),
  EditorUrl: z.url(),
  PhotoManagementFAQ: z.url(),
  /** The storefront's payment page; an unpaid order is paid at `{Payment}?orderCode={code}`. */
  Payment: z.url(),
});
export type StorefrontRoutes = z.infer<typeof storefrontRoutesSchema>;

export const menuItemSchema = z.object({ label: z.string().check(z.minLength(1)), url: z.url() });
export type MenuItem = z.infer<typeof menuItemSchema>;

/** Response of the storefront config service, keyed by brand host (docs/product.md#data, docs/product.md#apis Config). */
export const storefrontConfigSchema = z.object({
  menus: z.object({
    top: z.array(menuItemSchema),
    main: z.array(menuItemSchema),
    footer: z.array(menuItemSchema),
  }),
  routes: storefrontRoutesSchema,
});
export type StorefrontConfig = z.infer<typeof storefrontConfigSchema>;

/**
 * Schemes a brand's mobile-app link may never use: the browser's own (script, inline data, local
 * files) and plain web schemes, which would leave the page instead of handing over to an app.
 */
const nonAppSchemes = new Set([
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'about',
  'http',
  'ws',
  'wss',
  'ftp',
  'chrome',
]);

/**
 * A link that opens a brand's mobile app (docs/product.md#validation): an `https:` app link with a
 * host, or a custom scheme made of letters only (`photobox://upload`), never `javascript:`,
 * `data:`, `http:` or another scheme of the browser's own.
 */
export function isMobileAppLink(value: string): boolean {
  if (value.length > 2000 || /[\s\p{Cc}]/u.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https') return url.hostname !== '';
  return /^[a-z]+$/.test(scheme) && !nonAppSchemes.has(scheme);
}

/** A brand's mobile app (docs/product.md#upload): where 'Add photos' on a phone hands over. */
export const mobileAppSchema = z.object({
  /** Opened with `album_id` added after photos were added to an album on a phone or tablet. */
  uploadLink: z.string().check(z.refine(isMobileAppLink, 'Not a mobile app link')),
});
export type MobileApp = z.infer<typeof mobileAppSchema>;

/** One row of the brand host table. */
export const brandHostSchema = z.object({
  /** Host name the customer arrives on, without port, e.g. `albelli-nl.localhost`. */
  host: z.string().check(z.minLength(1)),
  vendor: z.string().check(z.minLength(1)),
  brandClass: brandClassSchema,
  /** Shown in the document title; empty for the default brand (docs/product.md#brands: not shown). */
  brandLabel: z.string(),
  /** ISO 3166 alpha-2 country code. */
  country: z.string().check(z.length(2)),
  /** BCP 47 locale of docs/product.md#limits, e.g. `nl-NL`. */
  locale: z.string().check(z.minLength(2)),
  /** Sales channel name used by the retailer's services. */
  channel: z.string().check(z.minLength(1)),
  /** Value of the theme-color meta tag and the Mantine primary colour. */
  themeColor: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
  /** Production hosts get a canonical link on the home path; all other pages are NOINDEX. */
  production: z.boolean(),
  /** Public origin used for the canonical link, e.g. `https://www.albelli.nl`. */
  canonicalOrigin: z.url(),
  /** Default storefront routes when the storefront config service fails. */
  storefrontRoutes: storefrontRoutesSchema,
  /** The brand's mobile app, if it has one. */
  mobileApp: z.optional(mobileAppSchema),
});
export type BrandHost = z.infer<typeof brandHostSchema>;

/**
 * The feedback widget of one locale (docs/product.md "Page furniture"): its own script, and the
 * widget id for wide screens and the one for phones (below the chat's 576 px breakpoint).
 */
export const feedbackWidgetSchema = z.object({
  ScriptUrl: z.string().check(z.minLength(1)),
  Id: z.string().check(z.minLength(1)),
  MobileId: z.string().check(z.minLength(1)),
});
export type FeedbackWidget = z.infer<typeof feedbackWidgetSchema>;

/** `/config.json`: read first; the app shows a clear error page if it is missing or malformed. */
export const clientConfigSchema = z.object({
  Auth: z.object({
    /** OIDC issuer URL. */
    ChannelAuthority: z.url(),
    ClientID: z.string().check(z.minLength(1)),
    Scopes: z.string().check(z.minLength(1)),
  }),
  /** Base URLs; relative values are resolved against the page origin. */
  CustomerApiUrl: z.string().check(z.minLength(1)),
  VoucherApiUrl: z.string().check(z.minLength(1)),
  PhotoManagementShareApiBaseUrl: z.string().check(z.minLength(1)),
  PhotoManagementDownloadApiUrl: z.string().check(z.minLength(1)),
  PhotoManagementPushWebSocketUrl: z.string().check(z.minLength(1)),
  CookieConsentUrl: z.string().check(z.minLength(1)),
  StorefrontConfigUrl: z.string().check(z.minLength(1)),
  /** Base URL of account identity: account deletion and e-mail change. */
  IdentityApiUrl: z.string().check(z.minLength(1)),
  /** Base URL of e-mail gateway: subscription double opt-in (no token). */
  EmailGatewayUrl: z.string().check(z.minLength(1)),
  /** Base URL of superorders and orders, delivery address changes. */
  OrdersApiUrl: z.string().check(z.minLength(1)),
  /** Base URL of saved projects. */
  ProjectsApiUrl: z.string().check(z.minLength(1)),
  /** Base URL of historical invoices and invoice group files. */
  InvoicesApiUrl: z.string().check(z.minLength(1)),
  /** Base URL of products and their PDFs. */
  ProductsApiUrl: z.string().check(z.minLength(1)),
  /** Base URL of delivery dates, article groups and campaigns (cut-off). */
  DeliveryApiUrl: z.string().check(z.minLength(1)),
  /** Base URL of reorder availability and reorder. */
  ReorderApiUrl: z.string().check(z.minLength(1)),
  /** Base URL of upload storage: uploads by id, anonymous uploads, resumable transfers. */
  StorageApiUrl: z.string().check(z.minLength(1)),
  /** Base URL of widgets, gallery entries, categories, blocked orders. */
  WidgetsApiUrl: z.string().check(z.minLength(1)),
  /** Base URL of merchandise channels and articles. */
  MerchandiseApiUrl: z.string().check(z.minLength(1)),
  /** Host used when the current host is not in `Brands`. */
  DefaultHost: z.string().check(z.minLength(1)),
  Brands: z.array(brandHostSchema).check(z.minLength(1)),
  /** Host → host redirects (the French redirect of docs/product.md#brands). */
  Redirects: z.record(z.string(), z.string()),
  /** Third flag source (docs/product.md#roles-and-flags): per flag, the brand hosts where it is on. */
  FeatureFlagHosts: z.record(featureFlagNameSchema, z.array(z.string())),
  /** Base URL of error and CSP reports; absent: reports go to the console only. */
  ReportsApiUrl: z.optional(z.string().check(z.minLength(1))),
  /** Base URL of analytics events; absent: nothing is sent. */
  AnalyticsApiUrl: z.optional(z.string().check(z.minLength(1))),
  /** Base URL of the A/B test assignments; absent: every account sees `control`. */
  ExperimentsApiUrl: z.optional(z.string().check(z.minLength(1))),
  /** Sentry's DSN; when set, error reports go to Sentry instead of `ReportsApiUrl`. */
  SentryDsn: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
  /** Script of the chat-support widget (docs/product.md "Page furniture"); absent: no chat. */
  ChatWidgetUrl: z.optional(z.string().check(z.minLength(1))),
  /** Feedback widget by locale (`en-GB` …); a locale without an entry has none. */
  FeedbackWidgets: z.optional(z.record(z.string(), feedbackWidgetSchema)),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/**
 * Where the reference server serves each API group, relative to the page's origin (every brand
 * host reaches them on its own origin). The server's `/config.json` and the test fixtures both
 * start from this table; a deployment points any group elsewhere in its own `/config.json`.
 */
export const referenceApiBaseUrls = {
  CustomerApiUrl: '/api/customer',
  VoucherApiUrl: '/api/voucher',
  PhotoManagementShareApiBaseUrl: '/api/photo',
  PhotoManagementDownloadApiUrl: '/api/photo',
  PhotoManagementPushWebSocketUrl: '/push',
  CookieConsentUrl: '/api/storefront/cookie-consent',
  StorefrontConfigUrl: '/api/storefront',
  IdentityApiUrl: '/api/identity',
  EmailGatewayUrl: '/api/email-gateway',
  OrdersApiUrl: '/api/orders',
  ProjectsApiUrl: '/api/projects',
  InvoicesApiUrl: '/api/invoices',
  ProductsApiUrl: '/api/products',
  DeliveryApiUrl: '/api/delivery',
  ReorderApiUrl: '/api/reorder',
  StorageApiUrl: '/api/storage',
  WidgetsApiUrl: '/api/widgets',
  MerchandiseApiUrl: '/api/merchandise',
  ReportsApiUrl: '/api/reports',
  AnalyticsApiUrl: '/api/analytics',
  ExperimentsApiUrl: '/api/experiments',
} as const satisfies Partial<ClientConfig>;
