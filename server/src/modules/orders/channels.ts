import type { BrandHost } from '@photo/core/api/schemas/config';
import { brandHosts } from '../../config/brand-hosts.ts';

/** Currency by brand country: the euro countries, the pound, the Nordic crowns. */
const currencyByCountry: Record<string, string> = {
  GB: 'GBP',
  DK: 'DKK',
  NO: 'NOK',
  SE: 'SEK',
};

export interface SalesChannel {
  /** e.g. `photobox-uk`. */
  name: string;
  /** Vendor name of the brand: `Photobox`, `Hofmann`, `albelli`. */
  vendor: string;
  locale: string;
  country: string;
  currency: string;
  /** The brand's public storefront, e.g. `https://www.photobox.co.uk`. */
  storefront: BrandHost['storefrontRoutes'];
  canonicalOrigin: string;
}

function toChannel(host: BrandHost): SalesChannel {
  return {
    name: host.channel,
    vendor: host.vendor,
    locale: host.locale,
    country: host.country,
    currency: currencyByCountry[host.country] ?? 'EUR',
    storefront: host.storefrontRoutes,
    canonicalOrigin: host.canonicalOrigin,
  };
}

/** One entry per channel name, from its production host (the brand host table). */
const channels = new Map<string, SalesChannel>();
for (const host of [...brandHosts].sort((a, b) => Number(b.production) - Number(a.production))) {
  if (!channels.has(host.channel)) channels.set(host.channel, toChannel(host));
}

export function findSalesChannel(name: string): SalesChannel | undefined {
  return channels.get(name);
}

/** A channel the data was made on; the seed only uses channels of the host table. */
export function salesChannel(name: string): SalesChannel {
  const channel = channels.get(name);
  if (!channel) throw new Error(`Unknown sales channel ${name}`);
  return channel;
}

export function allSalesChannels(): SalesChannel[] {
  return [...channels.values()];
}

/**
 * Money as the brand's customers read it, for PDFs. Narrow no-break spaces (French group
 * separator) become plain no-break spaces: the PDFs' standard fonts have no glyph for them.
 */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency })
    .format(amountMinor / 100)
    .replace(/\u202f/g, '\u00a0');
}
