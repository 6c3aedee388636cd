import type { TFunction } from 'i18next';
import { request } from '../../api/request';
import { buildUrl } from '../../api/base-api';
import { storefrontConfigSchema } from '../../api/schemas/config';
import type { BrandHost, ClientConfig, StorefrontConfig } from '../../api/schemas/config';
import type { PlatformPrefetched } from '../../platform/platform';

/**
 * docs/product.md#apis Config: when the storefront config service fails, default menus and routes are used.
 * The defaults are built from the brand's own route table, labelled in the brand's language.
 */
export function defaultStorefrontConfig(brand: BrandHost, t: TFunction): StorefrontConfig {
  const routes = brand.storefrontRoutes;
  return {
    routes,
    menus: {
      top: [
        { label: t('shell.storefront.shop'), url: routes.Main },
        { label: t('shell.storefront.allProducts'), url: routes.AllProducts },
      ],
      main: [{ label: t('shell.storefront.allProducts'), url: routes.AllProducts }],
      footer: [
        { label: t('shell.storefront.faq'), url: routes.FAQ },
        { label: t('shell.storefront.contactUs'), url: routes.ContactUs },
      ],
    },
  };
}

/**
 * Fetches the storefront config for a brand host; throws on a failed call or a malformed body.
 * Takes the web boot script's early copy of the same request when there is one.
 */
export async function fetchStorefrontConfig(
  config: ClientConfig,
  host: string,
  signal?: AbortSignal,
  prefetched?: PlatformPrefetched,
): Promise<StorefrontConfig> {
  const url = buildUrl(config.StorefrontConfigUrl, '/config', { host });
  const body = await request<unknown>(url, { signal, prefetched: prefetched?.take(url) });
  return storefrontConfigSchema.parse(body);
}
