import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushAnalytics, trackCounter, COUNTERS } from '../store/analytics';
import { setConsentChoice } from '../store/consent';
import { reportError } from '../store/error-reporter';
import { renderFeature } from '../testing/render-feature';
import { AppObservability, SignedInObservability } from './observability';

afterEach(() => {
  setConsentChoice(null);
  vi.restoreAllMocks();
});

const routes = {
  '/api/experiments/me': { experiments: { 'sample-test': 'A' } },
  '/api/analytics/events': () => new Response(null, { status: 204 }),
  '/api/reports/errors': () => new Response(null, { status: 204 }),
};

function callsTo(fetchMock: ReturnType<typeof vi.fn>, path: string): RequestInit[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), window.location.origin).pathname === path)
    .map(([, init]) => init as RequestInit);
}

function Observed() {
  return (
    <>
      <AppObservability />
      <SignedInObservability />
    </>
  );
}

describe('observability in the app', () => {
  it('sends page views without ids and counters with the token and the account variant', async () => {
    setConsentChoice({ analytics: true, marketing: false });
    const { fetchMock } = await renderFeature(<Observed />, {
      path: '/my-photos/albums/3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      routes,
    });
    await waitFor(() => expect(document.documentElement.dataset.sampleTest).toBe('A'));
    trackCounter(COUNTERS.upload);
    flushAnalytics(true);
    await waitFor(() => expect(callsTo(fetchMock, '/api/analytics/events')).toHaveLength(1));
    const [init] = callsTo(fetchMock, '/api/analytics/events');
    expect(init!.keepalive).toBe(true);
    expect(new Headers(init!.headers).get('Authorization')).toBe('Bearer access-token');
    expect(JSON.parse(String(init!.body))).toEqual({
      variant: 'A',
      events: [
        { kind: 'pageview', path: '/my-photos/albums/:id', at: expect.any(String) },
        { kind: 'counter', name: 'PhotoManagement.Upload', at: expect.any(String) },
      ],
    });
  });

  it('counts the page the customer is on once analytics becomes allowed (the choice loads after the first paint)', async () => {
    const { fetchMock } = await renderFeature(<Observed />, { path: '/orders', routes });
    await waitFor(() => expect(document.documentElement.dataset.sampleTest).toBe('A'));
    act(() => setConsentChoice({ analytics: true, marketing: false }));
    flushAnalytics(true);
    await waitFor(() => expect(callsTo(fetchMock, '/api/analytics/events')).toHaveLength(1));
    const [init] = callsTo(fetchMock, '/api/analytics/events');
    expect(JSON.parse(String(init!.body)).events).toEqual([
      { kind: 'pageview', path: '/orders', at: expect.any(String) },
    ]);
  });

  it('sends no analytics without consent', async () => {
    const { fetchMock } = await renderFeature(<Observed />, { path: '/my-photos', routes });
    await waitFor(() => expect(document.documentElement.dataset.sampleTest).toBe('A'));
    trackCounter(COUNTERS.delete);
    flushAnalytics(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(fetchMock, '/api/analytics/events')).toEqual([]);
  });

  it('sends error reports to the reference server, scrubbed, with the correlation id', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchMock } = await renderFeature(<Observed />, { path: '/orders', routes });
    reportError({
      action: 'auth/signIn',
      message: 'Auth Error: demo@example.com',
      correlationId: 'c-1',
    });
    await waitFor(() => expect(callsTo(fetchMock, '/api/reports/errors')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, '/api/reports/errors')[0]!.body));
    expect(body).toMatchObject({
      action: 'auth/signIn',
      message: 'Auth Error: [email]',
      correlationId: 'c-1',
      // The browser's address (the test's router is in memory).
      path: window.location.pathname,
    });
  });
});
