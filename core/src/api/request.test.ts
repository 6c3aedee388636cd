import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError, pathWithoutDigits, request } from './request';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('request', () => {
  it('sends JSON, no-cache, the bearer token and the correlation id', async () => {
    const fetchMock = stubFetch(async () => new Response('{"ok":true}', { status: 200 }));
    const result = await request<{ ok: boolean }>('/api/photo/albums', {
      method: 'POST',
      body: { name: 'x' },
      token: 'tok',
      correlationId: 'cid-1',
    });
    expect(result).toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]![1];
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('X-CorrelationId')).toBe('cid-1');
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"name":"x"}');
  });

  it('omits the authorization header without a token', async () => {
    const fetchMock = stubFetch(async () => new Response('{}', { status: 200 }));
    await request('/config.json');
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).has('Authorization')).toBe(false);
  });

  it('parses an empty body to null', async () => {
    stubFetch(async () => new Response('', { status: 200 }));
    await expect(request('/x')).resolves.toBeNull();
  });

  it('throws the spec message for a non-OK response', async () => {
    stubFetch(async () => new Response('{"error":"nope"}', { status: 404 }));
    const error = (await request('http://h/api/photo/albums/7', { correlationId: 'c' }).catch(
      (e: unknown) => e,
    )) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe(
      'Error {"error":"nope"}; Status Code: 404 Received from http://h/api/photo/albums/7',
    );
    expect(error.status).toBe(404);
    expect(error.correlationId).toBe('c');
  });

  it('rethrows network failures with the method and the path stripped of digits', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await request('http://h/api/photo/albums/42/photos?cursor=9', {
      method: 'DELETE',
    }).catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('Failed to fetch (DELETE /api/photo/albums//photos)');
  });
});

describe('pathWithoutDigits', () => {
  it.each([
    ['/a/1/b/22', '/a//b/'],
    ['http://x:8080/p/2024/03?c=1', '/p//'],
  ])('%s → %s', (input, expected) => {
    expect(pathWithoutDigits(input)).toBe(expected);
  });
});
