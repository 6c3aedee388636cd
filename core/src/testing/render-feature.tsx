import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import enGB from '../../locales/en-GB.json';
import type { FeatureFlagName } from '../api/schemas/config';
import { BrandProvider } from '../features/brand/brand-context';
import { IdentityContext } from '../features/auth/identity-context';
import { isBusinessUser } from '../features/auth/is-business';
import { resolveBrand } from '../features/brand/resolve-brand';
import { createI18n } from '../i18n/i18n';
import { PlatformContext } from '../platform/platform-context';
import { mockFetch } from './mock-fetch';
import { demoClaims } from './fake-platform';
import { createTestStore } from './test-store';
import type { TestStoreOptions } from './test-store';

export interface RenderFeatureOptions extends TestStoreOptions {
  /** The address the router starts at. @default '/' */
  path?: string;
  /** The route pattern `ui` is rendered at (for `useParams`); other paths render nothing. @default '*' */
  route?: string;
  /** Feature flags, set as local-storage overrides (the first of the three sources). */
  flags?: Partial<Record<FeatureFlagName, boolean>>;
  /** The brand host. @default 'photobox-uk.localhost' */
  hostname?: string;
  /** `fetch` routes by path (see `mockFetch`); anything else answers 404. */
  routes?: Parameters<typeof mockFetch>[0];
  /** The texts' locale (a file in `core/locales`). @default 'en-GB' */
  locale?: string;
}

const localeFiles = import.meta.glob<() => Promise<Record<string, unknown>>>(
  '../../locales/*.json',
  { import: 'default' },
);

/**
 * Renders a feature's component with everything the app gives it: the real store over a fake
 * platform, the texts of `locale` (en-GB), Mantine (no transitions), the brand of `hostname` and a
 * router. Returns the store, the platform's spies, the fetch mock and the router's current
 * location.
 */
export async function renderFeature(
  ui: ReactElement,
  {
    path = '/',
    route = '*',
    flags = {},
    hostname = 'photobox-uk.localhost',
    routes = {},
    storage = {},
    locale = 'en-GB',
    ...storeOptions
  }: RenderFeatureOptions = {},
) {
  const fetchMock = mockFetch(routes);
  const texts = locale === 'en-GB' ? enGB : await localeFiles[`../../locales/${locale}.json`]!();
  const i18n = await createI18n({ locale, resources: { [locale]: { translation: texts } } });
  const flagStorage = Object.fromEntries(
    Object.entries(flags).map(([name, on]) => [name, String(on)]),
  );
  const { store, platform, config } = createTestStore({
    ...storeOptions,
    storage: { ...storage, ...flagStorage },
  });
  const claims = storeOptions.claims === undefined ? demoClaims : storeOptions.claims;
  // What the auth gate would provide once signed in.
  const identity = claims
    ? { sub: claims.sub, email: claims.email, isBusiness: isBusinessUser(claims) }
    : null;
  const brand = resolveBrand(config, hostname);
  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  // A wrapper, not a tree around `ui`: `rerender` keeps the providers and the router.
  function Providers({ children }: { children: ReactNode }) {
    return (
      <PlatformContext.Provider value={platform}>
        <ReduxProvider store={store}>
          <I18nextProvider i18n={i18n}>
            <MantineProvider env="test">
              <BrandProvider config={config} brand={brand}>
                <IdentityContext.Provider value={identity}>
                  <MemoryRouter initialEntries={[path]}>
                    <LocationProbe />
                    <Routes>
                      <Route path={route} element={children} />
                      <Route path="*" element={null} />
                    </Routes>
                  </MemoryRouter>
                </IdentityContext.Provider>
              </BrandProvider>
            </MantineProvider>
          </I18nextProvider>
        </ReduxProvider>
      </PlatformContext.Provider>
    );
  }
  const result = render(ui, { wrapper: Providers });
  return { ...result, store, platform, fetchMock, location: () => current.location! };
}
