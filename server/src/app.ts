import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppDeps, DataPaths } from './app-deps.ts';
import { AccessTokenVerifier } from './auth/access-token-verifier.ts';
import { registerAuthenticate } from './auth/authenticate.ts';
import { buildClientConfig } from './config/client-config.ts';
import { configRoutes } from './config/config-routes.ts';
import { originPort, readServerConfig, REPO_ROOT } from './config/server-config.ts';
import type { ServerConfig } from './config/server-config.ts';
import { openDatabase } from './db/database.ts';
import { refreshPresentedFormats } from './db/presented-formats.ts';
import { ORDER_LIST_FORMAT } from './modules/orders/orders-repository.ts';
import { PHOTO_CARD_FORMAT } from './modules/photo-management/photos-repository.ts';
import type { Db } from './db/database.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { localeRoutes } from './http/locales.ts';
import { openJobQueue } from './jobs/open-job-queue.ts';
import { appContentSecurityPolicy, registerSecurityHeaders } from './http/security-headers.ts';
import { webApp } from './http/web-app.ts';
import { MailService } from './mail/mail-service.ts';
import { mailboxRoutes } from './mail/mailbox-routes.ts';
import { devReportsRoutes } from './modules/reports/dev-reports-routes.ts';
import { registerApiModules } from './modules/index.ts';
import { sweepExpiredOidcPayloads } from './oidc/adapter.ts';
import { oidcRoutes } from './oidc/oidc-routes.ts';
import { createOidcProvider } from './oidc/provider.ts';
import { loadOrCreateOidcSecrets } from './oidc/secrets.ts';
import { openInstanceBus } from './push/instance-bus.ts';
import { PushHub } from './push/push-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared dependencies (database, config, push hub …) built by `buildApp`. */
    deps: AppDeps;
  }
}

export interface AppOptions {
  /** Data folder: SQLite file, OIDC secrets, photo storage, archives. Created if missing. */
  dataDir: string;
  port: number;
  /** Default `http://localhost:{port}`. */
  publicOrigin?: string;
  /** The built web app; default `web/dist` of this repository. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * An open database; by default `buildApp` opens DATABASE_URL's PostgreSQL database, else
   * `{dataDir}/app.db`, and closes it with the app.
   */
  db?: Db;
  /** Settings not given above come from here (default `process.env`); see `readServerConfig`. */
  env?: NodeJS.ProcessEnv;
}

export const DEFAULT_WEB_ROOT = join(REPO_ROOT, 'web', 'dist');
// JSON bodies are small (ids, names); uploads set their own limit on their route.
const JSON_BODY_LIMIT = 1024 * 1024;
const OIDC_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export function dataPaths(dataDir: string): DataPaths {
  return {
    dataDir,
    database: join(dataDir, 'app.db'),
    storage: join(dataDir, 'storage'),
    archives: join(dataDir, 'archives'),
  };
}

/** The reference server: every route of docs/conventions.md "Runtime and URLs" in one Fastify app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const dataDir = resolve(options.dataDir);
  const fromEnv = readServerConfig(options.env ?? process.env);
  const publicOrigin = (options.publicOrigin ?? `http://localhost:${options.port}`).replace(
    /\/+$/,
    '',
  );
  const config: ServerConfig = {
    ...fromEnv,
    // The port browsers use: behind a proxy the public origin's, not the one we listen on.
    port: originPort(publicOrigin),
    dataDir,
    publicOrigin,
  };
  const paths = dataPaths(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const ownsDb = !options.db;
  const db =
    options.db ??
    (await openDatabase(
      config.database.url
        ? {
            url: config.database.url,
            poolSize: config.database.poolSize,
            statementTimeoutMs: config.database.statementTimeoutMs,
          }
        : { file: paths.database },
    ));

  // Stored presented JSON of an older format is rebuilt before anything is served.
  await refreshPresentedFormats(db, [ORDER_LIST_FORMAT, PHOTO_CARD_FORMAT]);

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.publicOrigin.startsWith('https:'),
  });

  // 1. Validation and serialization through the shared zod schemas (fastify-type-provider-zod),
  //    and the error handler: set on the root before any plugin, so every encapsulated
  //    module inherits them and no error escapes as a non-JSON answer.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // 1b. Security headers on every answer, 404s and errors included (http/security-headers.ts).
  const clientConfig = buildClientConfig(config.publicOrigin, { sentryDsn: config.sentryDsn });
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: appContentSecurityPolicy(clientConfig, config.publicOrigin),
    trustProxy: config.publicOrigin.startsWith('https:'),
  });
  // JSON bodies in UTF-8 only, for every route (http/json-body.ts).
  registerJsonBodyParser(app);

  // 2. Swagger collects routes through an onRoute hook: it must exist before any route.
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Photo account reference API', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  // 2b. Response compression adds its hook to each route as it is registered: before them all.
  await registerCompression(app);

  // 3. Websocket support before any `{ websocket: true }` route; small frames only.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  // 4. Auth: the provider, then the verifier and `app.authenticate` every API module uses. The
  //    provider's keys are in the database: every instance signs with the same ones.
  const provider = createOidcProvider({
    db,
    secrets: await loadOrCreateOidcSecrets(db, dataDir),
    publicOrigin: config.publicOrigin,
    port: config.port,
  });
  provider.on('server_error', (_ctx, error) =>
    app.log.error({ err: error }, 'oidc-provider error'),
  );
  const tokens = new AccessTokenVerifier({ provider, db });
  registerAuthenticate(app, tokens);
  // The other instances hear of pushes and revocations through the bus; listening before the
  // first route answers, so nothing sent to this instance from then on is missed.
  const bus = await openInstanceBus(
    { redisUrl: config.redisUrl, databaseUrl: config.database.url },
    app.log,
  );
  const redis = config.redisUrl ? new Redis(config.redisUrl) : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  const push = new PushHub({
    verify: (token) => tokens.inspect(token),
    authTimeoutMs: config.pushAuthTimeoutMs,
    maxSocketsPerUser: config.pushMaxSocketsPerUser,
    bus,
    tokenCache: tokens,
  });
  // A socket lives no longer than its session: sign-out, revocation, account deletion close it,
  // on whichever instance holds it.
  tokens.onRevocation((revocation) => push.revoke(revocation));
  const jobs = await openJobQueue(config, app.log);
  const mail = new MailService({
    settings: config.mail,
    appMode: config.appMode,
    db,
    log: app.log,
    jobs,
  });
  await mail.start();
  const deps: AppDeps = { db, config, paths, push, bus, redis, tokens, mail, jobs };
  app.decorate('deps', deps);

  const sweeper = setInterval(() => {
    sweepExpiredOidcPayloads(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'oidc sweep failed'),
    );
  }, OIDC_SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    // After the modules' own onClose hooks (which end their running work): the jobs still
    // under way finish, none start.
    await jobs.stop();
    push.closeAll();
    await bus.close();
    redis?.disconnect();
    tokens.dispose();
    await mail.close();
    if (ownsDb) await db.destroy();
  });

  // 5. Routes: OIDC, the web app's bootstrap files, then every API module (modules/index.ts).
  await app.register(oidcRoutes, { provider, db, config });
  await app.register(configRoutes, { clientConfig });
  await app.register(localeRoutes, {});
  await app.register(async (scope) => registerApiModules(scope, deps));
  // The development mailbox; in production (APP_MODE) `/dev/*` is a 404.
  await app.register(mailboxRoutes, { db, enabled: mail.mailboxEnabled });
  // The stored error reports and analytics events, in development only (as the mailbox).
  if (config.appMode === 'development') await app.register(devReportsRoutes, { db });

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  // 6. Last: the web app and its SPA fallback own every path nothing above claimed.
  await app.register(webApp, { webRoot: options.webRoot ?? DEFAULT_WEB_ROOT, clientConfig });

  return app;
}
