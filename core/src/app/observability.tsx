import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { createCorrelationId } from '../api/request';
import type { ClientConfig } from '../api/schemas/config';
import { useClientConfig } from '../features/brand/brand-context';
import type { Platform } from '../platform/platform';
import { usePlatform } from '../platform/platform-context';
import { setAnalyticsTransport, setAnalyticsVariant, trackPageView } from '../store/analytics';
import { useConsentChoice } from '../store/consent';
import type { AnalyticsTransport } from '../store/analytics';
import { installErrorReporting } from '../store/error-destinations';
import { useSampleTestVariant } from '../store/experiments';

/** Batches to `POST {AnalyticsApiUrl}/events` with the account's token (the server keeps them per account). */
export function httpAnalyticsTransport(
  analyticsUrl: string,
  platform: Platform,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): AnalyticsTransport {
  const url = `${analyticsUrl.replace(/\/$/, '')}/events`;
  return {
    send(batch, keepalive) {
      void (async () => {
        const token = await platform.auth.getAccessToken();
        // Events belong to an account: without one (a public page) they are dropped.
        if (!token) return;
        await fetchImpl(url, {
          method: 'POST',
          keepalive,
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${token}`,
            'X-CorrelationId': createCorrelationId(),
          },
          body: JSON.stringify(batch),
        });
      })().catch(() => undefined);
    },
  };
}

function installAnalytics(config: ClientConfig, platform: Platform): () => void {
  if (!config.AnalyticsApiUrl) return () => undefined;
  return setAnalyticsTransport(httpAnalyticsTransport(config.AnalyticsApiUrl, platform));
}

/**
 * Error reporting, analytics and page views for the whole app (docs/product.md, "Page
 * furniture"), mounted once inside the router: the configured error destination, the analytics
 * transport, and a page view per route change (the tracker drops them without consent).
 */
export function AppObservability() {
  const config = useClientConfig();
  const platform = usePlatform();
  const { pathname } = useLocation();
  useEffect(() => installErrorReporting(config), [config]);
  useEffect(() => installAnalytics(config, platform), [config, platform]);
  // The choice is read once the consent code has loaded, after the first paint: the page the
  // customer is on counts when analytics becomes allowed, not only on the next route change.
  const analyticsAllowed = useConsentChoice()?.analytics ?? false;
  useEffect(() => trackPageView(pathname), [pathname, analyticsAllowed]);
  return null;
}

/**
 * Inside the authenticated shell: the account's A/B variant goes with every analytics batch and
 * onto the page (`data-sample-test` on the root element, for styles and tests).
 */
export function SignedInObservability() {
  const variant = useSampleTestVariant();
  useEffect(() => {
    setAnalyticsVariant(variant);
    if (variant) document.documentElement.dataset.sampleTest = variant;
    return () => {
      setAnalyticsVariant(undefined);
      delete document.documentElement.dataset.sampleTest;
    };
  }, [variant]);
  return null;
}
