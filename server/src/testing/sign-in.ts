import { createHash, createPublicKey, randomBytes, verify as verifySignature } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { cookieClient } from './cookie-jar.ts';
import type { CookieClient } from './cookie-jar.ts';

export interface SignInOptions {
  /** `web` (default) or `desktop`. */
  clientId?: string;
  /** Default `{origin}/` for web, `http://127.0.0.1:53682/callback` for desktop. */
  redirectUri?: string;
  scope?: string;
}

export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  email?: string;
  email_verified?: boolean;
  idp_type?: string;
  idp_sub?: string;
  authentication_method?: string;
  [claim: string]: unknown;
}

export interface SignInResult {
  accessToken: string;
  idToken: string;
  refreshToken: string | undefined;
  /** Seconds until the access token expires. */
  expiresIn: number;
  /** The ID token's payload, signature checked against the provider's JWKS. */
  claims: IdTokenClaims;
  /** The browser that signed in, with its cookies at the provider (its session), e.g. to test sign-out. */
  browser: CookieClient;
}

export class SignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInError';
  }
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

async function tokenRequest(
  origin: string,
  body: Record<string, string>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${origin}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new SignInError(`token endpoint answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Verifies an RS256 ID token against `{origin}/oidc/jwks` and returns its claims. */
export async function verifyIdToken(
  origin: string,
  idToken: string,
  expected: { clientId: string; nonce?: string },
): Promise<IdTokenClaims> {
  const [header64, payload64, signature64] = idToken.split('.');
  if (!header64 || !payload64 || !signature64) throw new SignInError('ID token is not a JWS');
  const header = JSON.parse(Buffer.from(header64, 'base64url').toString()) as {
    alg: string;
    kid?: string;
  };
  const jwks = (await (await fetch(`${origin}/oidc/jwks`)).json()) as {
    keys: (JsonWebKey & { kid?: string })[];
  };
  const jwk = jwks.keys.find((key) => key.kid === header.kid) ?? jwks.keys[0];
  if (header.alg !== 'RS256' || !jwk)
    throw new SignInError(`unexpected ID token alg ${header.alg}`);
  const valid = verifySignature(
    'sha256',
    Buffer.from(`${header64}.${payload64}`),
    createPublicKey({ key: jwk, format: 'jwk' }),
    Buffer.from(signature64, 'base64url'),
  );
  if (!valid) throw new SignInError('ID token signature is invalid');
  const claims = JSON.parse(Buffer.from(payload64, 'base64url').toString()) as IdTokenClaims;
  if (claims.iss !== `${origin}/oidc`)
    throw new SignInError(`ID token issuer ${claims.iss} is not ${origin}/oidc`);
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(expected.clientId)) throw new SignInError('ID token audience mismatch');
  if (expected.nonce !== undefined && claims.nonce !== expected.nonce)
    throw new SignInError('ID token nonce mismatch');
  return claims;
}

/**
 * Signs in through the real authorization-code + PKCE (S256) flow over HTTP, the way a browser
 * does: authorization request, our login form (posted like a user would), redirect with the
 * code, token request. `origin` is the issuer's origin, e.g. `http://localhost:8080` (Node
 * cannot resolve `*.localhost`: use `localhost` or `127.0.0.1` here; a brand-host
 * `redirectUri` is fine, it is never fetched). Throws {@link SignInError} on a wrong password.
 */
export async function signIn(
  origin: string,
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<SignInResult> {
  const clientId = options.clientId ?? 'web';
  const redirectUri =
    options.redirectUri ??
    (clientId === 'desktop' ? 'http://127.0.0.1:53682/callback' : `${origin}/`);
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));
  const scope = options.scope ?? 'openid email profile offline_access';
  const authorize = new URL(`${origin}/oidc/auth`);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    scope,
    // OIDC Core §11: offline_access (a refresh token) is only granted with prompt=consent.
    // Our first-party clients never see a consent screen; the server grants it automatically.
    ...(scope.split(' ').includes('offline_access') ? { prompt: 'consent' } : {}),
    redirect_uri: redirectUri,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state,
    nonce,
  }).toString();

  const browser = cookieClient();
  let response = await browser.fetch(authorize.toString());
  let posted = false;
  for (let hop = 0; hop < 12; hop += 1) {
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(
        response.headers.get('location') ?? '',
        response.url || origin,
      ).toString();
      await response.body?.cancel();
      if (
        location.startsWith(redirectUri.split('?')[0]!) &&
        !location.startsWith(`${origin}/oidc/`)
      ) {
        const params = new URL(location).searchParams;
        if (params.get('error'))
          throw new SignInError(
            `authorization failed: ${params.get('error')} ${params.get('error_description') ?? ''}`,
          );
        if (params.get('state') !== state) throw new SignInError('state mismatch');
        const code = params.get('code');
        if (!code) throw new SignInError('no code in the redirect');
        const tokens = await tokenRequest(origin, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: clientId,
          code_verifier: verifier,
        });
        const idToken = String(tokens.id_token);
        return {
          accessToken: String(tokens.access_token),
          idToken,
          refreshToken: typeof tokens.refresh_token === 'string' ? tokens.refresh_token : undefined,
          expiresIn: Number(tokens.expires_in),
          claims: await verifyIdToken(origin, idToken, { clientId, nonce }),
          browser,
        };
      }
      response = await browser.fetch(location);
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new SignInError(
        `unexpected ${response.status} from ${response.url}: ${html.slice(0, 300)}`,
      );
    if (posted) {
      const alert = /role="alert"[^>]*>([^<]*)</.exec(html)?.[1];
      throw new SignInError(
        alert
          ? alert.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)))
          : 'sign-in failed',
      );
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new SignInError(`no login form at ${response.url}`);
    const target = new URL(
      action.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c))),
      response.url,
    ).toString();
    posted = true;
    response = await browser.fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
  }
  throw new SignInError('too many redirects');
}

/** Exchanges a refresh token (rotated: the old one stops working). */
export async function refreshTokens(
  origin: string,
  refreshToken: string,
  clientId = 'web',
): Promise<{
  accessToken: string;
  idToken: string | undefined;
  refreshToken: string | undefined;
  expiresIn: number;
}> {
  const tokens = await tokenRequest(origin, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: clientId,
  });
  return {
    accessToken: String(tokens.access_token),
    idToken: typeof tokens.id_token === 'string' ? tokens.id_token : undefined,
    refreshToken: typeof tokens.refresh_token === 'string' ? tokens.refresh_token : undefined,
    expiresIn: Number(tokens.expires_in),
  };
}
