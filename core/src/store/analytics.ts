import type { AnalyticsEvent, ExperimentVariant } from '../api/schemas/observability';
import { ANALYTICS_BATCH_MAX } from '../api/schemas/observability';
import { pathWithPlaceholders } from '../api/schemas/report-scrub';
import { hasConsent, onConsentChange } from './consent';

/**
 * The one analytics tracker (docs/product.md, "Page furniture"). Any feature calls
 * `trackCounter` after something the product counts succeeded; the app calls `trackPageView` on
 * route changes. Nothing is kept, queued or sent before the customer allowed analytics, and
 * withdrawing it drops what waits and stops sending at once. Events leave in small batches
 * (a few seconds apart, or at once when the page is hidden) through the transport the
 * composition root sets; every batch carries the account's A/B variant.
 */

/** The product's counters, named with the prefix `PhotoManagement.`. */
export const COUNTERS = {
  upload: 'PhotoManagement.Upload',
  download: 'PhotoManagement.Download',
  delete: 'PhotoManagement.Delete',
  copyToAlbum: 'PhotoManagement.CopyToAlbum',
  removeFromAlbum: 'PhotoManagement.RemoveFromAlbum',
  createAlbum: 'PhotoManagement.CreateAlbum',
  orderPrints: 'PhotoManagement.OrderPrints',
  importFinished: 'PhotoManagement.ImportFinished',
} as const;
export type CounterName = (typeof COUNTERS)[keyof typeof COUNTERS];

export interface AnalyticsTransport {
  /** Sends one batch; `keepalive` when the page is going away. Must not throw. */
  send(batch: { events: AnalyticsEvent[]; variant?: ExperimentVariant }, keepalive: boolean): void;
}

/** A batch leaves when it has this many events, or this long after its first. */
export const ANALYTICS_BATCH_SIZE = 10;
export const ANALYTICS_FLUSH_DELAY_MS = 5_000;

let transport: AnalyticsTransport | null = null;
let variant: ExperimentVariant | undefined;
let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function clearTimer(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}

onConsentChange(() => {
  if (hasConsent('analytics')) return;
  // Withdrawn (or not given): what waits is dropped, nothing more leaves.
  queue = [];
  clearTimer();
});

function enqueue(event: AnalyticsEvent): void {
  if (!hasConsent('analytics')) return;
  queue.push(event);
  if (queue.length >= ANALYTICS_BATCH_SIZE) flushAnalytics(false);
  else if (!timer) timer = setTimeout(() => flushAnalytics(false), ANALYTICS_FLUSH_DELAY_MS);
}

export function trackCounter(name: CounterName): void {
  enqueue({ kind: 'counter', name, at: new Date().toISOString() });
}

/** A page view of `path` without its ids (`/my-photos/albums/:id`). */
export function trackPageView(path: string): void {
  enqueue({
    kind: 'pageview',
    path: pathWithPlaceholders(path) || '/',
    at: new Date().toISOString(),
  });
}

/** Sends what waits (without a transport yet, it waits in memory, only with consent). */
export function flushAnalytics(keepalive: boolean): void {
  clearTimer();
  if (!hasConsent('analytics')) {
    queue = [];
    return;
  }
  if (!transport) return;
  while (queue.length) {
    const events = queue.splice(0, ANALYTICS_BATCH_MAX);
    transport.send(variant ? { events, variant } : { events }, keepalive);
  }
}

/** The A/B variant of the signed-in account, sent with every batch. */
export function setAnalyticsVariant(next: ExperimentVariant | undefined): void {
  variant = next;
}

/**
 * Sets where batches go (the composition root) and sends what waits when the page is hidden or
 * left. Returns the undo.
 */
export function setAnalyticsTransport(next: AnalyticsTransport): () => void {
  transport = next;
  const onHide = () => {
    if (document.visibilityState === 'hidden') flushAnalytics(true);
  };
  const onPageHide = () => flushAnalytics(true);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
    if (transport === next) transport = null;
  };
}

/** What waits to be sent (tests). */
export const pendingAnalyticsEvents = (): readonly AnalyticsEvent[] => [...queue];
