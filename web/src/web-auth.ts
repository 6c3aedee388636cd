import type * as Oidc from 'openid-client';
import type { ClientConfig } from '@photo/core/api/schemas/config';
import { decodeJwtPayload } from '@photo/core/features/auth/jwt';
import type { IdTokenClaims, PlatformAuth } from '@photo/core/platform/platform';
import { readCookie, removeCookie, writeCookie } from './cookies';

export const TOKEN_COOKIES = {
  access: 'access_token',
  id: 'id_token',
  refresh: 'refresh_token',
} as const;
/** code_verifier, state and the page to return to, kept for the one redirect round trip. */
export const PENDING_SIGN_IN_KEY = 'oidc.pendingSignIn';
/** Used when the provider does not say how long a refresh token lives (oidc-provider: 30 days). */
const DEFAULT_REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

interface PendingSignIn {
  codeVerifier: string;
  state: string;
  returnTo: string;
}

type OidcModule = typeof Oidc;

export interface WebAuthDeps {
  loadConfig: () => Promise<ClientConfig>;
  window: Window;
  /** openid-client, loaded on demand (tests pass a fake). */
  loadOidc?: () => Promise<OidcModule>;
}

type TokenResponse = Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;

/**
 * openid-client is only needed to start or finish a sign-in, refresh or sign out; a page load
 * with a valid access-token cookie never downloads it (keeps the initial JS small).
 */
const importOidc = (): Promise<OidcModule> => import('openid-client');

function isPendingSignIn(value: unknown): value is PendingSignIn {
  const candidate = value as Partial<PendingSignIn> | null;
  return (
    typeof candidate?.codeVerifier === 'string' &&
    typeof candidate.state === 'string' &&
    typeof candidate.returnTo === 'string'
  );
}

/** Only paths of this app may be returned to after sign-in (no open redirect). */
function safeReturnPath(value: string | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/**
 * Browser sign-in (docs/product.md#states Auth, docs/conventions.md): authorization code + PKCE S256 with
 * openid-client against the issuer of /config.json; tokens in cookies with their own expiry;
 * an expired access token is renewed with the refresh token; a refused renewal abandons the
 * session.
 */
export function createWebAuth({
  loadConfig,
  window: win,
  loadOidc = importOidc,
}: WebAuthDeps): PlatformAuth {
  const doc = win.document;
  const secure = win.location.protocol === 'https:';
  const abandonedListeners = new Set<() => void>();
  let configuration: Promise<Oidc.Configuration> | null = null;
  let refreshing: Promise<string | null> | null = null;
  // signIn and signOut both leave the page; whichever starts first wins.
  let leaving = false;

  function oidcConfiguration(): Promise<Oidc.Configuration> {
    if (!configuration) {
      configuration = Promise.all([loadConfig(), loadOidc()])
        .then(([config, oidc]) => {
          const issuer = new URL(config.Auth.ChannelAuthority);
          // A local http issuer (the reference server) needs openid-client's explicit opt-in.
          const options =
            issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
          return oidc.discovery(issuer, config.Auth.ClientID, undefined, oidc.None(), options);
        })
        .catch((error: unknown) => {
          configuration = null;
          throw error;
        });
    }
    return configuration;
  }

  const redirectUri = () => `${win.location.origin}/`;

  function storeTokens(tokens: TokenResponse): void {
    const accessTtl = tokens.expires_in ?? 300;
    writeCookie(doc, TOKEN_COOKIES.access, tokens.access_token, {
      maxAgeSeconds: accessTtl,
      secure,
    });
    if (tokens.id_token) {
      const exp = decodeJwtPayload<{ exp?: number }>(tokens.id_token).exp;
      const idTtl = typeof exp === 'number' ? exp - Math.floor(Date.now() / 1000) : accessTtl;
      writeCookie(doc, TOKEN_COOKIES.id, tokens.id_token, { maxAgeSeconds: idTtl, secure });
    }
    if (tokens.refresh_token) {
      const refreshTtl =
        typeof tokens.refresh_expires_in === 'number'
          ? tokens.refresh_expires_in
          : DEFAULT_REFRESH_TTL_SECONDS;
      writeCookie(doc, TOKEN_COOKIES.refresh, tokens.refresh_token, {
        maxAgeSeconds: refreshTtl,
        secure,
      });
    }
  }

  function clearTokens(): void {
    for (const name of Object.values(TOKEN_COOKIES)) removeCookie(doc, name);
  }

  function abandon(): void {
    clearTokens();
    for (const listener of [...abandonedListeners]) listener();
  }

  async function refresh(refreshToken: string): Promise<string | null> {
    try {
      const [config, oidc] = await Promise.all([oidcConfiguration(), loadOidc()]);
      const tokens = await oidc.refreshTokenGrant(config, refreshToken);
      storeTokens(tokens);
      return tokens.access_token;
    } catch (error) {
      console.warn('Token refresh failed; the session is abandoned', error);
      abandon();
      return null;
    }
  }

  return {
    async handleRedirect() {
      const url = new URL(win.location.href);
      const params = url.searchParams;
      if (!params.has('state') || !(params.has('code') || params.has('error'))) return;
      const raw = win.sessionStorage.getItem(PENDING_SIGN_IN_KEY);
      win.sessionStorage.removeItem(PENDING_SIGN_IN_KEY);
      let pending: unknown;
      try {
        pending = raw ? JSON.parse(raw) : null;
      } catch {
        pending = null;
      }
      if (!isPendingSignIn(pending)) throw new Error('No sign-in was started in this tab');
      const [config, oidc] = await Promise.all([oidcConfiguration(), loadOidc()]);
      const tokens = await oidc.authorizationCodeGrant(config, url, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
      });
      storeTokens(tokens);
      // Drop code and state from the address: a reload must not replay them.
      win.history.replaceState(null, '', safeReturnPath(pending.returnTo));
    },

    async signIn(returnTo) {
      if (leaving) return;
      leaving = true;
      try {
        const [config, appConfig, oidc] = await Promise.all([
          oidcConfiguration(),
          loadConfig(),
          loadOidc(),
        ]);
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const pending: PendingSignIn = { codeVerifier, state, returnTo: safeReturnPath(returnTo) };
        win.sessionStorage.setItem(PENDING_SIGN_IN_KEY, JSON.stringify(pending));
        const url = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri(),
          scope: appConfig.Auth.Scopes,
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
        });
        win.location.assign(url.href);
      } catch (error) {
        leaving = false;
        throw error;
      }
    },

    async signOut(returnTo = '/') {
      if (leaving) return;
      leaving = true;
      const idToken = readCookie(doc, TOKEN_COOKIES.id);
      const refreshToken = readCookie(doc, TOKEN_COOKIES.refresh);
      clearTokens();
      const target = new URL(safeReturnPath(returnTo), win.location.origin).href;
      const config = await oidcConfiguration().catch(() => null);
      const oidc = config ? await loadOidc() : null;
      if (config && oidc && refreshToken) {
        // Best effort: the refresh token is useless to anyone once revoked.
        await oidc.tokenRevocation(config, refreshToken).catch(() => undefined);
      }
      if (config && oidc && config.serverMetadata().end_session_endpoint) {
        const parameters: Record<string, string> = { post_logout_redirect_uri: target };
        if (idToken) parameters.id_token_hint = idToken;
        win.location.assign(oidc.buildEndSessionUrl(config, parameters).href);
      } else {
        win.location.assign(target);
      }
    },

    async getAccessToken() {
      const access = readCookie(doc, TOKEN_COOKIES.access);
      if (access) return access;
      const refreshToken = readCookie(doc, TOKEN_COOKIES.refresh);
      if (!refreshToken) return null;
      refreshing ??= refresh(refreshToken).finally(() => {
        refreshing = null;
      });
      return refreshing;
    },

    async getIdTokenClaims() {
      const idToken = readCookie(doc, TOKEN_COOKIES.id);
      if (!idToken) return null;
      try {
        const claims = decodeJwtPayload<Partial<IdTokenClaims>>(idToken);
        if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') return null;
        return {
          sub: claims.sub,
          email: claims.email,
          idp_type: typeof claims.idp_type === 'string' ? claims.idp_type : '',
          idp_sub: typeof claims.idp_sub === 'string' ? claims.idp_sub : '',
          authentication_method:
            typeof claims.authentication_method === 'string'
              ? claims.authentication_method
              : undefined,
        };
      } catch {
        return null;
      }
    },

    onSessionAbandoned(listener) {
      abandonedListeners.add(listener);
      return () => abandonedListeners.delete(listener);
    },
  };
}
