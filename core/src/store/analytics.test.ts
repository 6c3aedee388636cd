import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_DELAY_MS,
  COUNTERS,
  flushAnalytics,
  pendingAnalyticsEvents,
  setAnalyticsTransport,
  setAnalyticsVariant,
  trackCounter,
  trackPageView,
} from './analytics';
import type { AnalyticsTransport } from './analytics';
import { setConsentChoice } from './consent';

let sent: Parameters<AnalyticsTransport['send']>[];
let removeTransport: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  setConsentChoice(null);
  sent = [];
  removeTransport = setAnalyticsTransport({ send: (...args) => void sent.push(args) });
});

afterEach(() => {
  removeTransport();
  setAnalyticsVariant(undefined);
  setConsentChoice(null);
  vi.useRealTimers();
});

const allow = () => setConsentChoice({ analytics: true, marketing: false });

describe('the analytics tracker', () => {
  it('names every counter with the prefix PhotoManagement.', () => {
    for (const name of Object.values(COUNTERS)) expect(name).toMatch(/^PhotoManagement\.\w+$/);
  });

  it('keeps and sends nothing before the customer allowed analytics', async () => {
    trackCounter(COUNTERS.upload);
    trackPageView('/my-photos');
    expect(pendingAnalyticsEvents()).toEqual([]);
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DELAY_MS * 2);
    flushAnalytics(true);
    expect(sent).toEqual([]);

    setConsentChoice({ analytics: false, marketing: true });
    trackCounter(COUNTERS.upload);
    flushAnalytics(true);
    expect(sent).toEqual([]);
  });

  it('sends a batch a few seconds after the first event, with the variant', async () => {
    allow();
    setAnalyticsVariant('A');
    trackCounter(COUNTERS.download);
    trackPageView('/my-photos/albums/3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DELAY_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    const [batch, keepalive] = sent[0]!;
    expect(keepalive).toBe(false);
    expect(batch.variant).toBe('A');
    expect(batch.events).toEqual([
      { kind: 'counter', name: 'PhotoManagement.Download', at: expect.any(String) },
      { kind: 'pageview', path: '/my-photos/albums/:id', at: expect.any(String) },
    ]);
    expect(pendingAnalyticsEvents()).toEqual([]);
  });

  it('sends at once when a batch is full, and with keepalive when the page is hidden', () => {
    allow();
    for (let i = 0; i < ANALYTICS_BATCH_SIZE; i += 1) trackCounter(COUNTERS.delete);
    expect(sent).toHaveLength(1);
    expect(sent[0]![0].events).toHaveLength(ANALYTICS_BATCH_SIZE);

    trackCounter(COUNTERS.copyToAlbum);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(2);
    expect(sent[1]![1]).toBe(true);
    expect(sent[1]![0].variant).toBeUndefined();
  });

  it('drops what waits and stops sending as soon as consent is withdrawn', async () => {
    allow();
    trackCounter(COUNTERS.orderPrints);
    expect(pendingAnalyticsEvents()).toHaveLength(1);
    setConsentChoice({ analytics: false, marketing: false });
    expect(pendingAnalyticsEvents()).toEqual([]);
    trackCounter(COUNTERS.orderPrints);
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DELAY_MS * 2);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([]);
  });

  it('waits in memory for the transport, then sends', () => {
    removeTransport();
    allow();
    trackCounter(COUNTERS.importFinished);
    flushAnalytics(false);
    expect(pendingAnalyticsEvents()).toHaveLength(1);
    removeTransport = setAnalyticsTransport({ send: (...args) => void sent.push(args) });
    flushAnalytics(false);
    expect(sent[0]![0].events[0]).toMatchObject({ name: 'PhotoManagement.ImportFinished' });
  });
});
