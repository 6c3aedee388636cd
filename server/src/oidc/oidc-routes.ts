import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { z } from 'zod';
import { LoginLimits, sleep } from '../auth/login-limits.ts';
import {
  configurePasswordHashing,
  PasswordQueueFullError,
  verifyAgainstDummy,
  verifyPassword,
} from '../auth/passwords.ts';
import { findUserByEmail } from '../auth/users.ts';
import type { ServerConfig } from '../config/server-config.ts';
import type { Db } from '../db/database.ts';
import { OIDC_PATH } from '../config/client-config.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { renderLoginPage, renderLogoutPage, renderSessionExpiredPage } from './pages.ts';
import type { LoginError, PageBrand, RenderedPage } from './pages.ts';
import { brandForRedirect } from './provider.ts';

const uidParams = z.object({ uid: z.string().min(1).max(128) });
// Lenient on purpose: a missing field re-renders the form with the message, not a JSON error.
const loginBody = z.object({
  email: z.string().max(320).optional().default(''),
  password: z.string().max(1024).optional().default(''),
});

function sendPage(reply: FastifyReply, page: RenderedPage, status = 200): FastifyReply {
  return reply
    .code(status)
    .header('Content-Security-Policy', page.csp)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

function sessionExpired(reply: FastifyReply, brand?: PageBrand): FastifyReply {
  return sendPage(reply, renderSessionExpiredPage(brand), 400);
}

/**
 * `/oidc/*`: our login page for the provider's interactions, then the provider itself.
 * The provider is a Koa app: Fastify hands it the raw request before reading the body
 * (`onRequest` + `hijack`) with the `/oidc` prefix stripped, the way Express mounts it
 * (`originalUrl` keeps the full path, so the provider builds its URLs under `/oidc`).
 */
export async function oidcRoutes(
  app: FastifyInstance,
  { provider, db, config }: { provider: Provider; db: Db; config: ServerConfig },
): Promise<void> {
  const { publicOrigin } = config;
  // Signing out without a provider session (e.g. right after the account was deleted, which
  // deleted its sessions) makes the provider answer with its own unbranded auto-submit page;
  // give it our sign-out page in the brand's language instead (same form, same target).
  // Before `provider.callback()`, which composes the middleware it has at that moment.
  provider.use(async (ctx, next) => {
    await next();
    const session = ctx.oidc?.session;
    const secret = session?.state?.secret;
    if (
      ctx.path !== '/session/end' ||
      ctx.status !== 200 ||
      !session ||
      session.accountId ||
      typeof secret !== 'string' ||
      typeof ctx.body !== 'string' ||
      !ctx.body.includes('name="logout" value="yes"')
    )
      return;
    const action = ctx.oidc.urlFor('end_session_confirm');
    const form = `<form id="op.logoutForm" method="post" action="${escapeHtml(action)}"><input type="hidden" name="xsrf" value="${escapeHtml(secret)}"/></form>`;
    const page = renderLogoutPage(
      form,
      brandForRedirect(ctx.oidc.params?.post_logout_redirect_uri),
    );
    ctx.type = 'html';
    ctx.set('Content-Security-Policy', page.csp);
    ctx.body = page.html;
  });

  const callback = provider.callback();
  const limits = new LoginLimits(db, config.loginLimits);
  configurePasswordHashing(config.loginLimits);
  const publicHost = new URL(publicOrigin).host;

  // The login form posts urlencoded; registered in this scope only, the APIs stay JSON.
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  /**
   * The interaction named in the URL, or undefined. oidc-provider finds it by the
   * `_interaction` cookie; requiring the URL's uid to match binds the form to this browser's
   * flow (the cookie is SameSite=Lax + HttpOnly, so a cross-site POST carries none: no CSRF).
   */
  async function loadInteraction(
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
  ): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === uid ? interaction : undefined;
    } catch {
      return undefined;
    }
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.code(303).header('Cache-Control', 'no-store').redirect(returnTo, 303);
  }

  /** First-party clients never see a consent screen: grant what they asked for. */
  async function consent(request: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
    const { accountId } = interaction.session ?? {};
    const clientId = String(interaction.params.client_id ?? '');
    if (!accountId || !clientId) return sessionExpired(reply);
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ accountId, clientId });
    if (!grant) return sessionExpired(reply);
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
    const grantId = await grant.save();
    return finish(request, reply, { consent: { grantId } });
  }

  const action = (uid: string) => `${OIDC_PATH}/interaction/${encodeURIComponent(uid)}`;

  app.get('/oidc/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    const interaction = await loadInteraction(request, reply, uid);
    if (!interaction) return sessionExpired(reply);
    if (interaction.prompt.name === 'consent') return consent(request, reply, interaction);
    const loginHint =
      typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
    return sendPage(
      reply,
      renderLoginPage({
        action: action(uid),
        email: loginHint,
        brand: brandForRedirect(interaction.params.redirect_uri),
      }),
    );
  });

  app.post('/oidc/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    const interaction = await loadInteraction(request, reply, uid);
    if (!interaction) return sessionExpired(reply);
    if (interaction.prompt.name === 'consent') return consent(request, reply, interaction);

    const parsed = loginBody.safeParse(request.body ?? {});
    const { email, password } = parsed.success ? parsed.data : { email: '', password: '' };
    const brand = brandForRedirect(interaction.params.redirect_uri);
    const retry = (error: LoginError, status: number) => {
      if (error.kind === 'locked') reply.header('Retry-After', String(error.retryAfterSeconds));
      return sendPage(reply, renderLoginPage({ action: action(uid), email, error, brand }), status);
    };

    // Abuse limits first (server/src/auth/README.md): a locked account or address gets no
    // password check at all, so even the right password is refused until the lock ends.
    const attempt = await limits.begin({ email, address: request.ip });
    if (!attempt.allowed) {
      request.log.warn({ uid }, 'sign-in refused: locked');
      return retry({ kind: 'locked', retryAfterSeconds: attempt.retryAfterSeconds }, 429);
    }
    await sleep(attempt.delayMs);

    let user: Awaited<ReturnType<typeof findUserByEmail>>;
    let valid: boolean;
    try {
      user = email && password ? await findUserByEmail(db, email) : undefined;
      valid = user
        ? await verifyPassword(password, user.password_hash)
        : await verifyAgainstDummy(password);
    } catch (error) {
      if (!(error instanceof PasswordQueueFullError)) throw error;
      // Overload is not the user's failure: this attempt does not count either way.
      await attempt.cancel();
      request.log.warn({ uid }, 'sign-in refused: password queue full');
      return retry({ kind: 'busy' }, 503);
    }
    const success = Boolean(user && valid);
    const outcome = await attempt.finish(success);
    if (!user || !success) {
      request.log.info({ uid }, 'sign-in failed');
      if (outcome.locked)
        return retry({ kind: 'locked', retryAfterSeconds: outcome.retryAfterSeconds }, 429);
      return retry({ kind: 'invalid' }, 200);
    }
    const method = user.authentication_method.toLowerCase() === 'b2b' ? 'b2b' : 'pwd';
    return finish(request, reply, { login: { accountId: user.id, amr: [method] } });
  });

  app.route({
    method: ['GET', 'POST', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'],
    url: `${OIDC_PATH}/*`,
    schema: { hide: true },
    onRequest: (request, reply, done) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      raw.url = url.slice(OIDC_PATH.length) || '/';
      // The provider builds endpoint URLs from the Host header: keep them on the issuer's
      // origin even when reached as 127.0.0.1, so discovery always matches the issuer.
      raw.headers.host = publicHost;
      void callback(raw, reply.raw);
      done();
    },
    handler: async () => undefined,
  });
}
