import type { BrandHost, ClientConfig } from '../../api/schemas/config';

function normaliseHost(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/\.$/, '');
}

/** docs/product.md#brands: the brand comes from the host name; an unknown host gets the default host's brand. */
export function resolveBrand(config: ClientConfig, hostname: string): BrandHost {
  const host = normaliseHost(hostname);
  const brand =
    config.Brands.find((candidate) => normaliseHost(candidate.host) === host) ??
    config.Brands.find(
      (candidate) => normaliseHost(candidate.host) === normaliseHost(config.DefaultHost),
    ) ??
    config.Brands[0];
  // The schema guarantees at least one brand.
  return brand as BrandHost;
}

/**
 * docs/product.md#brands: one French host redirects to another host. Returns the absolute URL to go to (same
 * path, query and hash; same protocol and port), or null when this host does not redirect.
 */
export function redirectTarget(
  config: ClientConfig,
  location: Pick<Location, 'hostname' | 'href'>,
): string | null {
  const host = normaliseHost(location.hostname);
  const entry = Object.entries(config.Redirects).find(([from]) => normaliseHost(from) === host);
  if (!entry || normaliseHost(entry[1]) === host) return null;
  const url = new URL(location.href);
  url.hostname = entry[1];
  return url.toString();
}

/** docs/product.md#brands: the default brand's label is not shown in the title. */
export function isDefaultBrand(config: ClientConfig, brand: BrandHost): boolean {
  return normaliseHost(brand.host) === normaliseHost(config.DefaultHost);
}
