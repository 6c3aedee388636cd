import { Anchor } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { afterContentOrLoad, afterContentShown } from '../../ui/first-content';
import { useBrand, useClientConfig } from '../brand/brand-context';
import { readStoredConsent } from './consent-cookie';
import type { ConsentTexts } from './cookie-consent';

let started: Promise<void> | null = null;

/**
 * The banner's own code and its settings' schema, loaded when it starts: not in the first
 * visit's JavaScript, which runs before the banner may show (web/first-visit-js.ts).
 */
const loadBanner = () => import('./cookie-consent');
const loadSettings = () => import('./consent-settings');

/** The library and its styles, in a chunk of their own (not in the first visit's JavaScript). */
const loadLibrary = async () => {
  const [lib] = await Promise.all([
    import('vanilla-cookieconsent'),
    import('vanilla-cookieconsent/dist/cookieconsent.css'),
  ]);
  await import('./consent.css');
  return lib;
};

/**
 * The cookie-consent dialog (docs/product.md "Page furniture"), started once after the first
 * paint: the brand's settings from `CookieConsentUrl` (or the built-in ones), then the library.
 * Renders nothing itself; the library adds its dialog to the page.
 */
export function CookieConsentDialog() {
  const { t } = useTranslation();
  const config = useClientConfig();
  const brand = useBrand();
  useEffect(() => {
    if (started) return;
    const texts: ConsentTexts = {
      title: t('consent.title'),
      description: t('consent.description'),
      policyLink: t('consent.policyLink'),
      acceptAll: t('consent.acceptAll'),
      rejectAll: t('consent.rejectAll'),
      manage: t('consent.manage'),
      preferencesTitle: t('consent.preferencesTitle'),
      save: t('consent.save'),
      close: t('common.close'),
      necessaryTitle: t('consent.necessary.title'),
      necessaryDescription: t('consent.necessary.description'),
      analyticsTitle: t('consent.analytics.title'),
      analyticsDescription: t('consent.analytics.description'),
      marketingTitle: t('consent.marketing.title'),
      marketingDescription: t('consent.marketing.description'),
    };
    const run = async () => {
      const [{ startCookieConsent }, { loadConsentSettings }] = await Promise.all([
        loadBanner(),
        loadSettings(),
      ]);
      const settings = await loadConsentSettings({
        url: config.CookieConsentUrl,
        host: brand.host,
        storedRevision: readStoredConsent()?.revision ?? null,
      });
      await startCookieConsent({ settings, locale: brand.locale, texts, load: loadLibrary });
    };
    // The library's chunk and styles (about 15 KB gzip) must not compete with the first paint.
    // With a choice stored (no banner to show) on the photo pages, which mark their first
    // content, it waits for that content (or the first input, or 3 s); elsewhere, and when the
    // banner is part of what the customer first sees, for the window's load event at the latest.
    const waitForContent =
      readStoredConsent() !== null && /^\/my-photos(\/|$)/.test(window.location.pathname);
    started = new Promise<void>((resolve) => {
      if (waitForContent) afterContentShown(resolve);
      else afterContentOrLoad(resolve);
    })
      .then(run)
      .catch((error: unknown) => {
        console.error('Cookie consent did not start', error);
        started = null;
      });
  }, [t, config.CookieConsentUrl, brand.host, brand.locale]);
  return null;
}

/** Opens the cookie preferences once the dialog has started. */
export async function openCookieSettings(): Promise<void> {
  await started;
  (await loadBanner()).showConsentPreferences();
}

/** "Cookie settings": the footer's and the settings page's way back to the choice. */
export function CookieSettingsLink({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Anchor component="button" type="button" size={size} onClick={() => void openCookieSettings()}>
      {t('consent.settingsLink')}
    </Anchor>
  );
}

/** For tests: the next mount starts the dialog again. */
export function resetConsentDialogForTests(): void {
  started = null;
}
