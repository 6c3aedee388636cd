import Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { findUserById } from '../auth/users.ts';
import { findBrandHost } from '../config/brand-hosts.ts';
import { issuerFor, OIDC_PATH } from '../config/client-config.ts';
import { DatabaseOidcAdapter } from './adapter.ts';
import { FIRST_PARTY_CLIENTS } from '../auth/first-party-clients.ts';
import { oidcClients, webOrigins } from './clients.ts';
import { renderErrorPage, renderLogoutPage, renderSignedOutPage } from './pages.ts';
import type { PageBrand, RenderedPage } from './pages.ts';
import type { OidcSecrets } from './secrets.ts';

export interface OidcProviderOptions {
  db: Db;
  /** Cookie and signing keys, shared by every instance (`loadOrCreateOidcSecrets`). */
  secrets: OidcSecrets;
  publicOrigin: string;
  port: number;
}

/** Scopes the first-party clients get without a consent screen. */
const FIRST_PARTY_SCOPE = 'openid email profile offline_access';
const ACCESS_TOKEN_TTL = 60 * 60;

/** The brand of the page that started the flow, so our pages wear its colour. */
export function brandForRedirect(redirectUri: unknown): PageBrand | undefined {
  if (typeof redirectUri !== 'string') return undefined;
  const host = URL.parse(redirectUri)?.hostname;
  const brand = host ? findBrandHost(host) : undefined;
  return brand
    ? { label: brand.brandLabel, themeColor: brand.themeColor, locale: brand.locale }
    : undefined;
}

function sendPage(ctx: KoaContextWithOIDC, page: RenderedPage): void {
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', page.csp);
  ctx.body = page.html;
}

/**
 * Builds the OIDC provider of docs/conventions.md "Auth": issuer `{PUBLIC_ORIGIN}/oidc`, the
 * `web` and `desktop` public clients with PKCE S256, our own login page (interactions are
 * served by `interaction-routes.ts`), opaque access tokens in SQLite, refresh tokens rotated.
 */
export function createOidcProvider({
  db,
  secrets,
  publicOrigin,
  port,
}: OidcProviderOptions): Provider {
  const allowedOrigins = new Set(webOrigins(publicOrigin, port));

  const configuration: Configuration = {
    adapter: (name: string) => new DatabaseOidcAdapter(db, name),
    clients: oidcClients(publicOrigin, port),
    cookies: {
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    jwks: secrets.jwks,
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: {
      openid: ['sub', 'idp_type', 'idp_sub', 'authentication_method'],
      email: ['email', 'email_verified'],
    },
    // The web app reads the identity claims (b2b detection, idp ids) from the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // APIs accept plain Bearer tokens only (docs/conventions.md), so tokens are never sender-bound.
      dPoP: { enabled: false },
      // Keep access tokens opaque: no resource-server-specific JWT access tokens.
      resourceIndicators: { enabled: false },
      // Sign-out in the apps revokes the refresh token, which revokes its whole grant.
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) =>
          sendPage(
            ctx,
            renderLogoutPage(form, brandForRedirect(ctx.oidc.params?.post_logout_redirect_uri)),
          ),
        postLogoutSuccessSource: (ctx) => sendPage(ctx, renderSignedOutPage()),
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      RefreshToken: 30 * 24 * 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 30 * 24 * 60 * 60,
    },
    rotateRefreshToken: true,
    // First-party apps always get a refresh token, even without offline_access + prompt=consent
    // (OIDC Core §11 drops offline_access otherwise). Without offline_access the refresh token
    // ends with the provider session, so sign-out ends it too.
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') || FIRST_PARTY_CLIENTS.has(client.clientId)),
    interactions: {
      url: (_ctx, interaction) => `${OIDC_PATH}/interaction/${interaction.uid}`,
    },
    // The browser calls the token endpoint from whichever brand host the user is on.
    clientBasedCORS: (_ctx, origin, client) =>
      client.clientId === 'web' && allowedOrigins.has(origin),
    // First-party clients: consent is implied, so the user never sees a consent screen.
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing && existing.accountId !== session.accountId) return undefined;
      if (!FIRST_PARTY_CLIENTS.has(client.clientId)) return existing;
      const grant =
        existing ??
        new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(FIRST_PARTY_SCOPE);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          email: user.email,
          email_verified: true,
          idp_type: user.idp_type,
          idp_sub: user.idp_sub,
          authentication_method: user.authentication_method,
        }),
      };
    },
    renderError: (ctx, out) => {
      const message = out.error_description ?? out.error ?? 'The request could not be completed.';
      sendPage(
        ctx,
        renderErrorPage(
          undefined,
          String(message),
          brandForRedirect(ctx.oidc?.params?.redirect_uri),
        ),
      );
    },
  };

  const provider = new Provider(issuerFor(publicOrigin), configuration);
  // Behind a TLS-terminating proxy the public origin is https; trust its X-Forwarded-* headers.
  provider.proxy = publicOrigin.startsWith('https:');
  return provider;
}
