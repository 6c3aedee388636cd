import type * as OpenIdClient from 'openid-client';
import { clientConfigFixture } from '@photo/core/testing/client-config-fixture';
import { PENDING_SIGN_IN_KEY, createWebAuth } from './web-auth';

const oidc = {
  discovery: vi.fn(),
  allowInsecureRequests: vi.fn(),
  None: vi.fn(() => 'none'),
  randomPKCECodeVerifier: vi.fn(() => 'verifier-1'),
  randomState: vi.fn(() => 'state-1'),
  calculatePKCECodeChallenge: vi.fn(async () => 'challenge-1'),
  buildAuthorizationUrl: vi.fn(
    (_config: unknown, params: Record<string, string>) =>
      new URL(`http://localhost:8080/oidc/auth?${new URLSearchParams(params)}`),
  ),
  authorizationCodeGrant: vi.fn(),
  refreshTokenGrant: vi.fn(),
  tokenRevocation: vi.fn(async () => {}),
  buildEndSessionUrl: vi.fn(
    (_config: unknown, params: Record<string, string>) =>
      new URL(`http://localhost:8080/oidc/session/end?${new URLSearchParams(params)}`),
  ),
};
const loadOidc = async () => oidc as unknown as typeof OpenIdClient;

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const idToken = (claims: object) => `${b64({ alg: 'RS256' })}.${b64(claims)}.sig`;
const now = () => Math.floor(Date.now() / 1000);

function fakeWindow(href: string) {
  const location = { href, origin: new URL(href).origin, protocol: 'http:', assign: vi.fn() };
  return {
    document,
    location,
    sessionStorage: window.sessionStorage,
    history: { replaceState: vi.fn() },
  } as unknown as Window & {
    location: typeof location;
    history: { replaceState: ReturnType<typeof vi.fn> };
  };
}

function clearCookies() {
  for (const name of ['access_token', 'id_token', 'refresh_token'])
    document.cookie = `${name}=; Path=/; Max-Age=0`;
}

const serverMetadata = () => ({ end_session_endpoint: 'http://localhost:8080/oidc/session/end' });

beforeEach(() => {
  clearCookies();
  window.sessionStorage.clear();
  vi.clearAllMocks();
  oidc.discovery.mockResolvedValue({ serverMetadata });
});

const loadConfig = async () => clientConfigFixture();

describe('web sign-in (authorization code + PKCE S256)', () => {
  it('signIn keeps verifier, state and return path for the round trip and goes to the provider', async () => {
    const win = fakeWindow('http://albelli-nl.localhost:8080/orders');
    await createWebAuth({ loadConfig, loadOidc, window: win }).signIn('/orders?page=2');
    expect(oidc.discovery).toHaveBeenCalledWith(
      new URL('http://localhost:8080/oidc'),
      'web',
      undefined,
      'none',
      { execute: [oidc.allowInsecureRequests] },
    );
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_SIGN_IN_KEY) ?? '')).toEqual({
      codeVerifier: 'verifier-1',
      state: 'state-1',
      returnTo: '/orders?page=2',
    });
    const target = new URL(win.location.assign.mock.calls[0]?.[0] as string);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      redirect_uri: 'http://albelli-nl.localhost:8080/',
      scope: 'openid email profile offline_access',
      code_challenge: 'challenge-1',
      code_challenge_method: 'S256',
      state: 'state-1',
    });
  });

  it('never returns to another site after sign-in', async () => {
    const win = fakeWindow('http://localhost/');
    await createWebAuth({ loadConfig, loadOidc, window: win }).signIn('//evil.example/x');
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_SIGN_IN_KEY) ?? '').returnTo).toBe('/');
  });

  it('handleRedirect exchanges the code, stores the tokens in cookies and restores the path', async () => {
    window.sessionStorage.setItem(
      PENDING_SIGN_IN_KEY,
      JSON.stringify({ codeVerifier: 'v', state: 's', returnTo: '/orders' }),
    );
    const token = idToken({
      sub: 'u1',
      email: 'demo@example.com',
      idp_type: 'local',
      idp_sub: 'u1',
      authentication_method: 'password',
      exp: now() + 600,
    });
    oidc.authorizationCodeGrant.mockResolvedValue({
      access_token: 'at-1',
      id_token: token,
      refresh_token: 'rt-1',
      expires_in: 600,
    });
    const win = fakeWindow('http://localhost/?code=c&state=s');
    const auth = createWebAuth({ loadConfig, loadOidc, window: win });
    await auth.handleRedirect();
    expect(oidc.authorizationCodeGrant).toHaveBeenCalledWith(
      expect.anything(),
      new URL('http://localhost/?code=c&state=s'),
      { pkceCodeVerifier: 'v', expectedState: 's' },
    );
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/orders');
    expect(window.sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
    await expect(auth.getAccessToken()).resolves.toBe('at-1');
    await expect(auth.getIdTokenClaims()).resolves.toMatchObject({
      sub: 'u1',
      email: 'demo@example.com',
      authentication_method: 'password',
    });
    expect(document.cookie).toContain('refresh_token=rt-1');
  });

  it('writes each token cookie SameSite=Lax, Secure on https, for no longer than its token', async () => {
    window.sessionStorage.setItem(
      PENDING_SIGN_IN_KEY,
      JSON.stringify({ codeVerifier: 'v', state: 's', returnTo: '/' }),
    );
    // The ID token expires before the access token: its cookie goes with it.
    oidc.authorizationCodeGrant.mockResolvedValue({
      access_token: 'at-1',
      id_token: idToken({ sub: 'u1', exp: now() + 120 }),
      refresh_token: 'rt-1',
      expires_in: 600,
      refresh_expires_in: 86_400,
    });
    const written: string[] = [];
    const recordingDocument = {
      get cookie() {
        return '';
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
    const win = fakeWindow('https://localhost/?code=c&state=s');
    const secureWindow = {
      ...win,
      document: recordingDocument,
      location: { ...win.location, protocol: 'https:' },
    } as unknown as Window;
    await createWebAuth({ loadConfig, loadOidc, window: secureWindow }).handleRedirect();
    const cookie = (name: string) => {
      const line = written.find((value) => value.startsWith(`${name}=`)) ?? '';
      return new Map(line.split('; ').map((part) => [part.split('=')[0], part.split('=')[1]]));
    };
    for (const name of ['access_token', 'id_token', 'refresh_token']) {
      const attributes = cookie(name);
      expect(attributes.get('SameSite'), name).toBe('Lax');
      expect(attributes.has('Secure'), name).toBe(true);
      expect(attributes.get('Path'), name).toBe('/');
      // Readable by the app's scripts by design (docs/architecture.md "Token cookies").
      expect(attributes.has('HttpOnly'), name).toBe(false);
    }
    expect(Number(cookie('access_token').get('Max-Age'))).toBe(600);
    expect(Number(cookie('id_token').get('Max-Age'))).toBeLessThanOrEqual(120);
    expect(Number(cookie('id_token').get('Max-Age'))).toBeGreaterThan(110);
    expect(Number(cookie('refresh_token').get('Max-Age'))).toBe(86_400);
  });

  it('writes no Secure attribute on http, where the browser would drop such a cookie', async () => {
    window.sessionStorage.setItem(
      PENDING_SIGN_IN_KEY,
      JSON.stringify({ codeVerifier: 'v', state: 's', returnTo: '/' }),
    );
    oidc.authorizationCodeGrant.mockResolvedValue({ access_token: 'at-1', expires_in: 600 });
    const written: string[] = [];
    const win = fakeWindow('http://localhost/?code=c&state=s');
    const plainWindow = {
      ...win,
      document: {
        get cookie() {
          return '';
        },
        set cookie(value: string) {
          written.push(value);
        },
      },
    } as unknown as Window;
    await createWebAuth({ loadConfig, loadOidc, window: plainWindow }).handleRedirect();
    expect(written).toEqual(['access_token=at-1; Path=/; SameSite=Lax; Max-Age=600']);
  });

  it('handleRedirect fails when this tab never started a sign-in', async () => {
    const auth = createWebAuth({
      loadConfig,
      loadOidc,
      window: fakeWindow('http://localhost/?code=c&state=s'),
    });
    await expect(auth.handleRedirect()).rejects.toThrow('No sign-in was started in this tab');
  });

  it('handleRedirect does nothing on a normal address', async () => {
    const auth = createWebAuth({
      loadConfig,
      loadOidc,
      window: fakeWindow('http://localhost/orders?page=2'),
    });
    await auth.handleRedirect();
    expect(oidc.authorizationCodeGrant).not.toHaveBeenCalled();
  });
});

describe('tokens', () => {
  it('renews an expired access token once with the refresh token', async () => {
    document.cookie = 'refresh_token=rt-old; Path=/';
    oidc.refreshTokenGrant.mockResolvedValue({
      access_token: 'at-new',
      refresh_token: 'rt-new',
      expires_in: 600,
    });
    const auth = createWebAuth({ loadConfig, loadOidc, window: fakeWindow('http://localhost/') });
    const [a, b] = await Promise.all([auth.getAccessToken(), auth.getAccessToken()]);
    expect([a, b]).toEqual(['at-new', 'at-new']);
    expect(oidc.refreshTokenGrant).toHaveBeenCalledTimes(1);
    expect(oidc.refreshTokenGrant).toHaveBeenCalledWith(expect.anything(), 'rt-old');
  });

  it('abandons the session when the refresh is refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.cookie = 'refresh_token=rt-old; Path=/';
    oidc.refreshTokenGrant.mockRejectedValue(new Error('invalid_grant'));
    const auth = createWebAuth({ loadConfig, loadOidc, window: fakeWindow('http://localhost/') });
    const abandoned = vi.fn();
    auth.onSessionAbandoned(abandoned);
    await expect(auth.getAccessToken()).resolves.toBeNull();
    expect(abandoned).toHaveBeenCalledTimes(1);
    expect(document.cookie).not.toContain('refresh_token');
  });

  it('has no token and no claims when signed out', async () => {
    const auth = createWebAuth({ loadConfig, loadOidc, window: fakeWindow('http://localhost/') });
    await expect(auth.getAccessToken()).resolves.toBeNull();
    await expect(auth.getIdTokenClaims()).resolves.toBeNull();
  });
});

describe('signOut', () => {
  it('removes the cookies, revokes the refresh token and goes to end_session with the return page', async () => {
    const token = idToken({ sub: 'u1', email: 'a@b.c' });
    document.cookie = 'access_token=at; Path=/';
    document.cookie = `id_token=${token}; Path=/`;
    document.cookie = 'refresh_token=rt; Path=/';
    const win = fakeWindow('http://albelli-nl.localhost:8080/logout');
    await createWebAuth({ loadConfig, loadOidc, window: win }).signOut('/account-deleted');
    expect(document.cookie).toBe('');
    expect(oidc.tokenRevocation).toHaveBeenCalledWith(expect.anything(), 'rt');
    expect(oidc.buildEndSessionUrl).toHaveBeenCalledWith(expect.anything(), {
      post_logout_redirect_uri: 'http://albelli-nl.localhost:8080/account-deleted',
      id_token_hint: token,
    });
    expect(win.location.assign).toHaveBeenCalledWith(expect.stringContaining('/oidc/session/end'));
  });

  it('goes straight to the page when the provider cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    oidc.discovery.mockRejectedValue(new Error('offline'));
    const win = fakeWindow('http://localhost/logout');
    await createWebAuth({ loadConfig, loadOidc, window: win }).signOut();
    expect(win.location.assign).toHaveBeenCalledWith('http://localhost/');
  });
});
