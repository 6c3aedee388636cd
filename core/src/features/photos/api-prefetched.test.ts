import { photosApi } from './api';
import { json, mockFetch } from '../../testing/mock-fetch';
import { createTestStore } from '../../testing/test-store';
import { buildUrl } from '../../api/base-api';
import { prefetchedOr } from '../../api/prefetched';

const timeline = { timeline: { '2024': { '12': 3 } } };

/** The store with a boot script's early answers: one per URL, taken once. */
function storeWithPrefetched(early: Record<string, Promise<Response>>) {
  const setup = createTestStore();
  const take = vi.fn((url: string) => {
    const response = early[url];
    delete early[url];
    return response;
  });
  Object.assign(setup.platform, { prefetched: { take } });
  return { ...setup, take };
}

describe('prefetched responses (the web boot script hands its requests to the app)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers a query with the prefetched response and does not request it again', async () => {
    const fetchMock = mockFetch({});
    const url = buildUrl(
      createTestStore().config.PhotoManagementShareApiBaseUrl,
      '/users/timeline',
    );
    const { store, take } = storeWithPrefetched({ [url]: Promise.resolve(json(timeline)) });
    const result = await store.dispatch(photosApi.endpoints.getTimeline.initiate());
    expect(result.data).toEqual(timeline);
    expect(take).toHaveBeenCalledWith(url);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requests again when the prefetch failed or answered with an error', async () => {
    const fetchMock = mockFetch({ '/api/photo/users/timeline': timeline });
    const url = buildUrl(
      createTestStore().config.PhotoManagementShareApiBaseUrl,
      '/users/timeline',
    );
    for (const early of [
      Promise.reject(new TypeError('Failed to fetch')),
      Promise.resolve(json({}, 401)),
    ]) {
      early.catch(() => undefined);
      const { store } = storeWithPrefetched({ [url]: early });
      const result = await store.dispatch(photosApi.endpoints.getTimeline.initiate());
      expect(result.data).toEqual(timeline);
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('prefetchedOr falls back without an early response', async () => {
    const again = vi.fn(async () => json({ again: true }));
    expect(await (await prefetchedOr(undefined, again)).json()).toEqual({ again: true });
    expect(
      await (await prefetchedOr(Promise.resolve(json({ early: true })), again)).json(),
    ).toEqual({ early: true });
    expect(again).toHaveBeenCalledTimes(1);
  });
});
