import { json, mockFetch } from '../../testing/mock-fetch';
import { createTestStore } from '../../testing/test-store';
import { confirmationsApi } from './api';

afterEach(() => vi.unstubAllGlobals());

const requestOf = (fetchMock: ReturnType<typeof mockFetch>, index = 0) => {
  const [input, init] = fetchMock.mock.calls[index]! as [string, RequestInit];
  return { url: new URL(input), method: init.method, headers: new Headers(init.headers) };
};

describe('confirmation calls (docs/product.md#apis), through RTK Query', () => {
  it('confirms an account action on the identity API for the signed-in identity, with the token', async () => {
    const fetchMock = mockFetch({
      '/api/identity/v2/identities/local/user-1/deleteaccount/t%2F1/actions/confirm': () =>
        json({ accountDeleted: true }),
    });
    const { store } = createTestStore();
    const result = await store.dispatch(
      confirmationsApi.endpoints.confirmIdentityAction.initiate({
        action: 'deleteaccount',
        token: 't/1',
      }),
    );
    expect(result).toEqual({ data: { accountDeleted: true } });
    const request = requestOf(fetchMock);
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe('Bearer access-token');
  });

  it('an e-mail change answer that is not the schema is a failure', async () => {
    mockFetch({
      '/api/identity/v2/identities/local/user-1/emailchanges/t/actions/confirm': () =>
        json({ email: 'not an address' }),
    });
    const { store } = createTestStore();
    const result = await store.dispatch(
      confirmationsApi.endpoints.confirmIdentityAction.initiate({
        action: 'emailchanges',
        token: 't',
      }),
    );
    expect('error' in result && result.error).toMatchObject({ status: 'PARSE_ERROR' });
  });

  it('without a signed-in identity nothing is sent', async () => {
    const fetchMock = mockFetch({});
    const { store } = createTestStore({ claims: null });
    const result = await store.dispatch(
      confirmationsApi.endpoints.confirmIdentityAction.initiate({
        action: 'deleteaccount',
        token: 't',
      }),
    );
    expect('error' in result && result.error).toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms a subscription on the e-mail gateway without a token', async () => {
    const fetchMock = mockFetch({
      '/api/email-gateway/api/v1/Profiles/a%2Bb%40example.com/subscription/confirm/tok': () =>
        json({ email: 'a+b@example.com', subscribed: true }),
    });
    const { store } = createTestStore();
    const result = await store.dispatch(
      confirmationsApi.endpoints.confirmSubscription.initiate({
        email: 'a+b@example.com',
        token: 'tok',
      }),
    );
    expect(result).toEqual({ data: { email: 'a+b@example.com', subscribed: true } });
    const request = requestOf(fetchMock);
    expect(request.method).toBe('GET');
    expect(request.headers.get('Authorization')).toBeNull();
  });
});
