/**
 * Desktop sign-in seam: authorization code + PKCE S256 through the system browser and a
 * loopback redirect (docs/architecture.md "Platform seam", RFC 8252). Tokens live in the encrypted
 * token store; the renderer only ever asks for the current access token and the ID claims.
 * Electron's `shell.openExternal` is injected, so this runs under Node.
 */
import * as oidc from 'openid-client';
import type { IdTokenClaims } from '../../common/ipc-contract';
import type { StoredTokens, TokenStore } from '../storage/token-store';
import { storedTokensSchema } from '../storage/token-store';
import { startLoopbackServer, type LoopbackPages, type LoopbackServer } from './loopback-server';

export interface DesktopAuthDeps {
  issuer: string;
  clientId: string;
  scopes: string;
  tokenStore: TokenStore;
  /** Opens the authorization URL in the system browser. */
  openExternal: (url: string) => Promise<void>;
  /** Told when the session ends without the user asking (refresh failed, token revoked). */
  onSessionAbandoned: () => void;
  pages?: LoopbackPages;
  loopbackTimeoutMs?: number;
  now?: () => number;
}

/** Refresh a little before expiry so a request never leaves with a token about to lapse. */
const EXPIRY_SKEW_MS = 30_000;

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export function toStoredTokens(
  response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  previous: StoredTokens | null,
  now: number,
): StoredTokens {
  const expiresIn = response.expiresIn();
  const claims = response.claims();
  return storedTokensSchema.parse({
    accessToken: response.access_token,
    expiresAt: expiresIn === undefined ? null : now + expiresIn * 1000,
    refreshToken: response.refresh_token ?? previous?.refreshToken ?? null,
    idToken: response.id_token ?? previous?.idToken ?? null,
    claims: claims
      ? {
          sub: String(claims.sub),
          email: String(claims.email ?? ''),
          idp_type: String(claims.idp_type ?? ''),
          idp_sub: String(claims.idp_sub ?? ''),
          ...(typeof claims.authentication_method === 'string'
            ? { authentication_method: claims.authentication_method }
            : {}),
        }
      : (previous?.claims ?? null),
  });
}

export function createDesktopAuth(deps: DesktopAuthDeps) {
  const now = deps.now ?? Date.now;
  let configuration: Promise<oidc.Configuration> | null = null;
  let pending: LoopbackServer | null = null;
  let refreshing: Promise<string | null> | null = null;

  function getConfiguration(): Promise<oidc.Configuration> {
    const issuer = new URL(deps.issuer);
    configuration ??= oidc
      .discovery(issuer, deps.clientId, undefined, oidc.None(), {
        // Plain http only for the local reference server (RFC 8252 allows loopback).
        ...(isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        configuration = null;
        throw error;
      });
    return configuration;
  }

  async function signIn(): Promise<void> {
    // A second click starts over; the first browser tab's redirect then finds no listener.
    pending?.close();
    const config = await getConfiguration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
    const state = oidc.randomState();
    const server = await startLoopbackServer({
      expectedState: state,
      ...(deps.pages ? { pages: deps.pages } : {}),
      ...(deps.loopbackTimeoutMs ? { timeoutMs: deps.loopbackTimeoutMs } : {}),
    });
    pending = server;
    try {
      const authorizationUrl = oidc.buildAuthorizationUrl(config, {
        redirect_uri: server.redirectUri,
        scope: deps.scopes,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
      });
      await deps.openExternal(authorizationUrl.href);
      const callbackUrl = await server.result;
      const response = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
      });
      await deps.tokenStore.save(toStoredTokens(response, null, now()));
    } finally {
      server.close();
      if (pending === server) pending = null;
    }
  }

  async function signOut(): Promise<void> {
    pending?.close();
    await deps.tokenStore.clear();
  }

  async function refresh(tokens: StoredTokens): Promise<string | null> {
    if (!tokens.refreshToken) {
      await abandon();
      return null;
    }
    try {
      const config = await getConfiguration();
      const response = await oidc.refreshTokenGrant(config, tokens.refreshToken);
      const next = toStoredTokens(response, tokens, now());
      await deps.tokenStore.save(next);
      return next.accessToken;
    } catch {
      await abandon();
      return null;
    }
  }

  async function abandon(): Promise<void> {
    await deps.tokenStore.clear();
    deps.onSessionAbandoned();
  }

  async function getAccessToken(): Promise<string | null> {
    const tokens = await deps.tokenStore.load();
    if (!tokens) return null;
    if (tokens.expiresAt === null || tokens.expiresAt - EXPIRY_SKEW_MS > now())
      return tokens.accessToken;
    // Concurrent API calls share one refresh.
    refreshing ??= refresh(tokens).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function getIdTokenClaims(): Promise<IdTokenClaims | null> {
    const tokens = await deps.tokenStore.load();
    return tokens?.claims ?? null;
  }

  return { signIn, signOut, getAccessToken, getIdTokenClaims };
}

export type DesktopAuth = ReturnType<typeof createDesktopAuth>;
