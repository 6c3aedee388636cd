/**
 * Desktop sign-in: authorization code + PKCE S256 through the system browser and a loopback
 * redirect (RFC 8252; docs/desktop.md "Sign-in"). Tokens are exchanged, refreshed and revoked
 * here only, and kept in the token store; the renderer asks for the current access token and the
 * ID claims and gets nothing else. Every read, refresh and write of the tokens runs one at a
 * time, so however many windows and requests ask at once, a rotating refresh token is used by
 * exactly one refresh. The browser opener and `fetch` are injected, so this runs under Node.
 */
import * as oidc from 'openid-client';
import type { IdTokenClaims, SignInResult } from '../../common/ipc-contract';
import type { StoredTokens, TokenStore } from '../storage/token-store';
import { storedTokensSchema } from '../storage/token-store';
import {
  DEFAULT_TIMEOUT_MS,
  LoopbackError,
  startLoopbackServer,
  type LoopbackPages,
  type LoopbackServer,
} from './loopback-server';

export interface DesktopAuthDeps {
  /** The OIDC issuer (from the server's `/config.json` unless overridden). */
  issuer: () => Promise<string>;
  clientId: string;
  scopes: string;
  tokenStore: TokenStore;
  /** Opens the authorization URL in the system browser (only http(s) is ever passed). */
  openBrowser: (url: string) => Promise<void>;
  /** The loopback pages in the brand's language. */
  loopbackPages: () => Promise<LoopbackPages>;
  /** Told when the session ends without the user asking (refresh refused, token revoked). */
  onSessionAbandoned: () => void;
  loopbackTimeoutMs?: number;
  /** Electron's `net.fetch` in the app, so brand hosts such as `*.localhost` resolve. */
  fetch?: typeof fetch;
  now?: () => number;
}

/** Refresh a little before expiry so a request never leaves with a token about to lapse. */
const EXPIRY_SKEW_MS = 30_000;

function isLoopbackHttp(url: URL): boolean {
  return (
    url.protocol === 'http:' &&
    (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ||
      url.hostname.endsWith('.localhost'))
  );
}

/** openid-client's fetch hook on top of a `fetch` (its body type is narrower than RequestInit). */
function customFetch(doFetch: typeof fetch): oidc.CustomFetch {
  return (url, options) => doFetch(url, options as RequestInit);
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
  const timeoutMs = deps.loopbackTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  let configuration: Promise<oidc.Configuration> | null = null;
  let pending: LoopbackServer | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs token work one task at a time, in call order (the single refresh owner). */
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  }

  function getConfiguration(): Promise<oidc.Configuration> {
    configuration ??= (async () => {
      const issuer = new URL(await deps.issuer());
      const execute = isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [];
      return oidc.discovery(issuer, deps.clientId, undefined, oidc.None(), {
        // Plain http only for a server on this machine (RFC 8252 allows loopback).
        execute,
        ...(deps.fetch ? { [oidc.customFetch]: customFetch(deps.fetch) } : {}),
      });
    })();
    configuration.catch(() => {
      configuration = null;
    });
    return configuration;
  }

  async function signIn(): Promise<SignInResult> {
    // A second click starts over; the first browser tab's redirect then finds no listener.
    pending?.close();
    let server: LoopbackServer | null = null;
    try {
      const [config, pages] = await Promise.all([getConfiguration(), deps.loopbackPages()]);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
      const state = oidc.randomState();
      server = await startLoopbackServer({ expectedState: state, pages, timeoutMs });
      pending = server;
      const authorizationUrl = oidc.buildAuthorizationUrl(config, {
        redirect_uri: server.redirectUri,
        scope: deps.scopes,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
        // OIDC Core §11: a refresh token for offline_access is granted with prompt=consent;
        // the server's first-party clients never see a consent screen.
        ...(deps.scopes.split(' ').includes('offline_access') ? { prompt: 'consent' } : {}),
      });
      await deps.openBrowser(authorizationUrl.href);
      const callbackUrl = await server.result;
      const response = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
      });
      await exclusive(() => deps.tokenStore.save(toStoredTokens(response, null, now())));
      return { status: 'signed-in' };
    } catch (error) {
      if (error instanceof LoopbackError && error.reason === 'timeout')
        return { status: 'timed-out', minutes: Math.max(1, Math.round(timeoutMs / 60_000)) };
      if (error instanceof LoopbackError && error.reason === 'cancelled')
        return { status: 'cancelled' };
      return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
    } finally {
      server?.close();
      if (pending === server) pending = null;
    }
  }

  function cancelSignIn(): void {
    pending?.close();
  }

  /** Revokes the grant at the server (its tokens all stop working), then deletes them here. */
  function signOut(): Promise<void> {
    pending?.close();
    return exclusive(async () => {
      const tokens = await deps.tokenStore.load();
      const token = tokens?.refreshToken ?? tokens?.accessToken;
      try {
        if (token) await oidc.tokenRevocation(await getConfiguration(), token);
      } catch (error) {
        // Offline or the server refused: the tokens are deleted here all the same.
        console.warn('Token revocation failed', error);
      } finally {
        await deps.tokenStore.clear();
      }
    });
  }

  async function abandon(): Promise<null> {
    await deps.tokenStore.clear();
    deps.onSessionAbandoned();
    return null;
  }

  async function refresh(tokens: StoredTokens): Promise<string | null> {
    if (!tokens.refreshToken) return abandon();
    let response;
    try {
      response = await oidc.refreshTokenGrant(await getConfiguration(), tokens.refreshToken);
    } catch (error) {
      // The server said no (revoked, expired, already used): the session is over. A network
      // failure is not a verdict: keep the tokens and let this request fail.
      if (error instanceof oidc.ResponseBodyError) return abandon();
      throw error;
    }
    const next = toStoredTokens(response, tokens, now());
    await deps.tokenStore.save(next);
    return next.accessToken;
  }

  function getAccessToken(): Promise<string | null> {
    return exclusive(async () => {
      const tokens = await deps.tokenStore.load();
      if (!tokens) return null;
      if (tokens.expiresAt === null || tokens.expiresAt - EXPIRY_SKEW_MS > now())
        return tokens.accessToken;
      return refresh(tokens);
    });
  }

  async function getIdTokenClaims(): Promise<IdTokenClaims | null> {
    const tokens = await deps.tokenStore.load();
    return tokens?.claims ?? null;
  }

  return { signIn, cancelSignIn, signOut, getAccessToken, getIdTokenClaims };
}

export type DesktopAuth = ReturnType<typeof createDesktopAuth>;
