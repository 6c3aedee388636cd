import { brandHosts, DEFAULT_HOST, findBrandHost } from '../config/brand-hosts.ts';

/** What a server-rendered page or a mail needs to know of the brand the customer is on. */
export interface BrandContext {
  /** Brand host (`albelli-nl.localhost`), or the default host for unknown hosts. */
  host: string;
  /** Shown as the brand name; empty for the default brand (docs/product.md#brands). */
  label: string;
  /** The vendor (Photobox, Hofmann, albelli): who a mail is from, also for the default brand. */
  vendor: string;
  themeColor: string;
  /** One of the locales in `core/locales/`. */
  locale: string;
  channel: string;
  /** ISO 3166 alpha-2, e.g. `NL`: the country address rules follow. */
  country: string;
  /** Where links back to the app point: the brand host's origin, or PUBLIC_ORIGIN. */
  origin: string;
}

const defaultBrand = brandHosts.find((brand) => brand.host === DEFAULT_HOST)!;

/**
 * The brand of a `Host` header (or a URL's host). Only hosts of the brand table count: any
 * other value (an IP, a forged Host header) gets the default brand and PUBLIC_ORIGIN, so a
 * request can never make us mail links to a host of its choosing.
 */
export function brandForHost(
  host: string | undefined,
  { publicOrigin, port }: { publicOrigin: string; port: number },
): BrandContext {
  const brand = host ? findBrandHost(host) : undefined;
  // Brand hosts are served on our port over http, like the OIDC client's redirect URIs.
  const origin =
    brand && brand.host !== DEFAULT_HOST ? `http://${brand.host}:${port}` : publicOrigin;
  return toContext(brand ?? defaultBrand, origin);
}

/**
 * The brand of an API request: its Host header when that is a brand host; otherwise (an IP,
 * `localhost`) the language and look of the sales channel the client sent, with links to
 * PUBLIC_ORIGIN.
 */
export function brandForRequest(
  host: string | undefined,
  channel: string | undefined,
  options: { publicOrigin: string; port: number },
): BrandContext {
  const fromHost = brandForHost(host, options);
  if (host && findBrandHost(host) && fromHost.host !== DEFAULT_HOST) return fromHost;
  const byChannel = channel ? findBrandByChannel(channel) : undefined;
  return byChannel ? toContext(byChannel, fromHost.origin) : fromHost;
}

function toContext(row: (typeof brandHosts)[number], origin: string): BrandContext {
  return {
    host: row.host,
    label: row.brandLabel,
    vendor: row.vendor,
    themeColor: row.themeColor,
    locale: row.locale,
    channel: row.channel,
    country: row.country,
    origin,
  };
}

/** The brand whose sales channel is `channel`, e.g. `albelli-nl`; undefined for unknown ones. */
export function findBrandByChannel(channel: string) {
  return brandHosts.find((brand) => brand.channel === channel && brand.host !== DEFAULT_HOST);
}

/** The brand host of a URL (`redirect_uri`, `post_logout_redirect_uri`), if it is one. */
export function brandForUrl(
  url: unknown,
  options: { publicOrigin: string; port: number },
): BrandContext {
  const host = typeof url === 'string' ? URL.parse(url)?.hostname : undefined;
  return brandForHost(host, options);
}

function channelLuminance(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return (
    0.2126 * channelLuminance(r!) + 0.7152 * channelLuminance(g!) + 0.0722 * channelLuminance(b!)
  );
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * A button background for white text: the brand colour, darkened in small steps until the
 * text reaches the 4.5:1 contrast WCAG asks for normal text (albelli orange needs it).
 */
export function buttonColor(themeColor: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(themeColor)) return '#0b5cad';
  const rgb = [1, 3, 5].map((i) => parseInt(themeColor.slice(i, i + 2), 16));
  let color = themeColor.toLowerCase();
  for (let factor = 1; factor > 0 && contrastRatio('#ffffff', color) < 4.5; factor -= 0.02) {
    color = `#${rgb
      .map((channel) =>
        Math.round(channel * factor)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }
  return color;
}
