import enGB from '../../locales/en-GB.json';

type Route = (url: URL) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces `fetch` with a router over same-origin paths. `/locales/*.json` answers with the
 * real en-GB texts unless a route says otherwise; anything unrouted is a 404 JSON error.
 */
export function mockFetch(routes: Record<string, Route | unknown>): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      window.location.origin,
    );
    const route = routes[url.pathname];
    if (typeof route === 'function') {
      const response = await (route as Route)(url);
      if (response) return response;
    } else if (route !== undefined) {
      return json(route);
    }
    if (url.pathname.startsWith('/locales/')) return json(enGB);
    return json({ statusCode: 404, error: 'Not Found', message: `${url.pathname} not found` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
