import '@mantine/core/styles.css';
import { markMilestone } from '../lib/milestone';
import '@mantine/notifications/styles.css';
import './app.css';
import { Center, Loader, MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { lazy, startTransition, Suspense, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { BrandHost, ClientConfig } from '../api/schemas/config';
import { BrandProvider } from '../features/brand/brand-context';
import { BrandHead } from '../features/brand/brand-head';
import { CookieConsentDialog } from '../features/consent/cookie-consent-dialog';
import { accessibleColorsResolver, brandTheme } from '../features/brand/brand-theme';
import { redirectTarget, resolveBrand } from '../features/brand/resolve-brand';
import { ConfigErrorPage } from '../features/errors/config-error-page';
import { createI18n } from '../i18n/i18n';
import { toSupportedLocale } from '../lib/locales';
import type { Platform } from '../platform/platform';
import { PlatformContext } from '../platform/platform-context';
import {
  loadNotifications,
  preloadToastsOnFirstInput,
  setToastCloseLabel,
  toastContainerMounted,
  useToastsRequested,
} from '../ui/toast';
import { CONFIG_URL, loadClientConfig } from './client-config';
import { AppRoutes, preloadRoutePage } from './routes';
import { AppObservability } from './observability';
import { AppSupportWidgets } from './shell/app-support-widgets';
import { createStore } from '../store/store';
import type { AppStore } from '../store/store';

// The toast container (and its transitions) loads with the first toast, not before a page's first
// paint; toasts shown while it loads are kept in Mantine's store and appear once it mounts.
const Notifications = lazy(() =>
  loadNotifications().then(({ Notifications: Container }) => ({
    default: function ToastContainer() {
      const { t } = useTranslation();
      // Effects run child first: Mantine's container is subscribed before toasts are released.
      useEffect(() => setToastCloseLabel(t('common.close')), [t]);
      useEffect(() => toastContainerMounted(), []);
      return <Container position="top-center" autoClose={5000} />;
    },
  })),
);

type Boot =
  | { status: 'loading' }
  | { status: 'config-error'; i18n: I18n | null }
  | { status: 'ready'; config: ClientConfig; brand: BrandHost; i18n: I18n; store: AppStore };

/** What `startApp` ends with: the app ready, or the config error page; null after a redirect. */
export type AppStart = Promise<Exclude<Boot, { status: 'loading' }> | null>;

/**
 * The app's start (docs/product.md#states: the config first, then the brand of this host, its
 * texts and date locale, then the store), and the page of the address loading meanwhile
 * (route-page.tsx). The web entry calls it before React renders anything, so none of it waits
 * for React's first commit and its effects (docs/architecture.md "Boot"); `App` takes that start
 * over, or starts the app itself when given none (the desktop renderer).
 */
export async function startApp(platform: Platform): AppStart {
  preloadRoutePage(window.location.pathname);
  let config: ClientConfig;
  try {
    config = await loadClientConfig(
      platform.prefetched?.take(new URL(CONFIG_URL, window.location.href).href),
    );
  } catch (error) {
    console.error(error);
    const language = typeof navigator === 'undefined' ? undefined : navigator.language;
    // No retries: the error page must show at once; without texts it falls back to English.
    const i18n = await createI18n({ locale: toSupportedLocale(language), maxRetries: 0 }).catch(
      () => null,
    );
    return { status: 'config-error', i18n };
  }
  // docs/product.md#brands: the French host redirects to another host, same path.
  const redirect = redirectTarget(config, window.location);
  if (redirect) {
    window.location.replace(redirect);
    return null;
  }
  markMilestone('app:config');
  const brand = resolveBrand(config, window.location.hostname);
  const i18n = await createI18n({ locale: brand.locale, prefetched: platform.prefetched });
  const store = createStore({ platform, config });
  // The boot's milestones, for bench:timeline's waterfall (docs/architecture.md "Boot").
  markMilestone('app:texts-and-store');
  return { status: 'ready', config, brand, i18n, store };
}

/**
 * The one React core, mounted by the web entry and the desktop renderer. Nothing renders blank:
 * loading shows a spinner, a bad config shows the config error page. `started`: the app's start
 * begun before rendering (`startApp`); without it the app starts when it mounts.
 */
export function App({ platform, started }: { platform: Platform; started?: AppStart }) {
  const [boot, setBoot] = useState<Boot>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    void (started ?? startApp(platform)).then((next) => {
      if (cancelled || !next) return;
      // The app ready: a transition, so React renders the whole shell and page in slices it can
      // interrupt, and the phone's main thread is not blocked for the length of the first render.
      if (next.status === 'ready') startTransition(() => setBoot(next));
      else setBoot(next);
    });
    return () => {
      cancelled = true;
    };
  }, [platform, started]);

  return <PlatformContext.Provider value={platform}>{renderBoot(boot)}</PlatformContext.Provider>;
}

function renderBoot(boot: Boot) {
  if (boot.status === 'loading') {
    return (
      <MantineProvider>
        <Center mih="100vh" aria-busy="true">
          <Loader />
        </Center>
      </MantineProvider>
    );
  }
  if (boot.status === 'config-error') {
    const page = (
      <MantineProvider>
        <ConfigErrorPage />
      </MantineProvider>
    );
    return boot.i18n ? <I18nextProvider i18n={boot.i18n}>{page}</I18nextProvider> : page;
  }
  return <ReadyApp config={boot.config} brand={boot.brand} i18n={boot.i18n} store={boot.store} />;
}

function ReadyApp({
  config,
  brand,
  i18n,
  store,
}: {
  config: ClientConfig;
  brand: BrandHost;
  i18n: I18n;
  store: AppStore;
}) {
  const theme = useMemo(() => brandTheme(brand), [brand]);
  const toastsRequested = useToastsRequested();
  useEffect(() => preloadToastsOnFirstInput(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <ReduxProvider store={store}>
        <MantineProvider theme={theme} cssVariablesResolver={accessibleColorsResolver}>
          {toastsRequested ? (
            <Suspense fallback={null}>
              <Notifications />
            </Suspense>
          ) : null}
          <BrandProvider config={config} brand={brand}>
            <BrowserRouter>
              <BrandHead />
              <AppRoutes />
              <AppObservability />
              <CookieConsentDialog />
              <AppSupportWidgets />
            </BrowserRouter>
          </BrandProvider>
        </MantineProvider>
      </ReduxProvider>
    </I18nextProvider>
  );
}
