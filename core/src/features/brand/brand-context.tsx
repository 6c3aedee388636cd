import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { PlatformContext } from '../../platform/platform-context';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitleContext } from '../../ui/page-title-context';
import type {
  BrandHost,
  ClientConfig,
  MenuItem,
  StorefrontConfig,
  StorefrontRoutes,
} from '../../api/schemas/config';
import { defaultStorefrontConfig, fetchStorefrontConfig } from './storefront';
import { formatPageTitle } from './page-title';
import { isDefaultBrand } from './resolve-brand';

interface BrandContextValue {
  config: ClientConfig;
  brand: BrandHost;
  /** Null until the storefront service answered (or failed: then the defaults are used). */
  storefront: StorefrontConfig | null;
}

const BrandContext = createContext<BrandContextValue | null>(null);

function useBrandContext(): BrandContextValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('Brand hooks must be used inside <BrandProvider>');
  return value;
}

export interface BrandProviderProps {
  config: ClientConfig;
  brand: BrandHost;
  children: ReactNode;
}

/** Holds the config, the brand of this host and the storefront menus and routes for it. */
export function BrandProvider({ config, brand, children }: BrandProviderProps) {
  const { t } = useTranslation();
  // Optional: a provider rendered without the app's platform simply asks the service itself.
  const prefetched = useContext(PlatformContext)?.prefetched;
  const [loaded, setLoaded] = useState<{
    host: string;
    storefront: StorefrontConfig | null;
  } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchStorefrontConfig(config, brand.host, controller.signal, prefetched).then(
      (storefront) => setLoaded({ host: brand.host, storefront }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Storefront config unavailable, using the default menus and routes', error);
        setLoaded({ host: brand.host, storefront: null });
      },
    );
    return () => controller.abort();
  }, [config, brand.host, prefetched]);

  const value = useMemo<BrandContextValue>(() => {
    if (!loaded || loaded.host !== brand.host) return { config, brand, storefront: null };
    return { config, brand, storefront: loaded.storefront ?? defaultStorefrontConfig(brand, t) };
  }, [config, brand, loaded, t]);

  // Every page title carries the brand (docs/product.md#brands); the default brand shows none.
  const brandLabel = isDefaultBrand(config, brand) ? null : brand.brandLabel;
  const setTitle = useCallback(
    (title: string) => {
      document.title = formatPageTitle(title, brandLabel);
    },
    [brandLabel],
  );

  return (
    <BrandContext.Provider value={value}>
      <PageTitleContext.Provider value={setTitle}>{children}</PageTitleContext.Provider>
    </BrandContext.Provider>
  );
}

/** The brand host row for the current host name (unknown host → the default brand). */
export function useBrand(): BrandHost {
  return useBrandContext().brand;
}

export function useClientConfig(): ClientConfig {
  return useBrandContext().config;
}

/** Storefront routes from the storefront service; the brand's defaults until it answers or when it fails. */
export function useStorefrontRoutes(): StorefrontRoutes {
  const { brand, storefront } = useBrandContext();
  return storefront?.routes ?? brand.storefrontRoutes;
}

/** Storefront menus; empty until the storefront service answered (no flash of default menus). */
export function useStorefrontMenus(): StorefrontConfig['menus'] {
  const { storefront } = useBrandContext();
  return storefront?.menus ?? emptyMenus;
}

const emptyMenus: { top: MenuItem[]; main: MenuItem[]; footer: MenuItem[] } = {
  top: [],
  main: [],
  footer: [],
};
