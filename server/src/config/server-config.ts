import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isAbsolute, resolve } from 'node:path';

/** The repository root (server/src/config → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Everything the server reads from the environment (docs/conventions.md "Environment"). */
export interface ServerConfig {
  /**
   * The HTTP port to listen on. Inside the app (`deps.config`) it is the port browsers reach it
   * on, the public origin's: brand hosts, sign-in redirect URIs and mail links are built from it,
   * and behind a proxy (docs/deploy.md) that is not the instance's own.
   */
  port: number;
  /** Interface to listen on. `localhost` binds 127.0.0.1 and ::1 only. */
  host: string;
  dataDir: string;
  /** Origin the server is reached at; the OIDC issuer and absolute URLs are built from it. */
  publicOrigin: string;
  uploadMaxBytes: number;
  /** Uploads (docs/product.md#upload): partial transfers, image decoding. */
  uploads: UploadSettings;
  archiveTtlSeconds: number;
  /** Recently deleted (docs/product.md#recently-deleted). */
  trash: TrashSettings;
  /** Brand hosts for which the storefront config service answers 503 (tests of the fallback). */
  storefrontFailHosts: string[];
  /** How long a push socket may stay unauthenticated. */
  pushAuthTimeoutMs: number;
  /** Open push sockets one user may hold; a further one closes that user's oldest. */
  pushMaxSocketsPerUser: number;
  /** Pause after each imported legacy photo, so an import on the seed is watchable (tests: 0). */
  activationImportDelayMs: number;
  /**
   * Order list pages kept per user while the data is unchanged (ORDERS_PAGE_CACHE `on`, the
   * default, or `off`: the benchmark measures both).
   */
  ordersPageCache: boolean;
  /**
   * SEED_DEMO_DATA `on` or `off`: whether an empty database gets the demo data (users with a
   * published password) at start. Default `on` in development, `off` in production.
   */
  seedDemoData: boolean;
  /** `development` (default): local SMTP sink + `/dev/mailbox`. `production`: neither; SMTP_URL required. */
  appMode: AppMode;
  /** SENTRY_DSN: given to the app in `/config.json`, which then reports errors to Sentry. */
  sentryDsn: string | undefined;
  mail: MailSettings;
  loginLimits: LoginLimitSettings;
  database: DatabaseSettings;
  /**
   * REDIS_URL (`redis://…`): push fan-out, rate-limit counters and upload locks through Redis
   * instead of PostgreSQL (docs/deploy.md, "Push and shared state").
   */
  redisUrl: string | undefined;
  /** The background job queue (server/src/jobs/, docs/deploy.md "Background jobs"). */
  jobs: JobSettings;
}

export interface JobSettings {
  /** INSTANCE_ID, else `host:port:pid`: recorded on the archive a process is writing. */
  instanceId: string;
  /** JOB_EXPIRE_SECONDS: after this long a running job counts as lost and is retried (PostgreSQL). */
  expireSeconds: number;
  /** JOB_MAINTENANCE_SECONDS: how often lost jobs are looked for (PostgreSQL). */
  maintenanceSeconds: number;
  /** ARCHIVE_ENTRY_DELAY_MS: tests only, a pause after each zip entry so a test can catch an archive mid-way. */
  archiveEntryDelayMs: number;
}

export interface TrashSettings {
  /** TRASH_DAYS: days a deleted photo or album waits in Recently deleted before it is purged. */
  days: number;
  /** TRASH_PURGE_INTERVAL_SECONDS: how often the purge job looks for expired items. */
  purgeIntervalSeconds: number;
}

/** Where the data lives (docs/deploy.md, "Database"). */
export interface DatabaseSettings {
  /** DATABASE_URL: `postgres://…` for PostgreSQL; unset = SQLite in `DATA_DIR/app.db`. */
  url: string | undefined;
  /** DATABASE_POOL_SIZE: connections this instance holds at most (PostgreSQL). */
  poolSize: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS: a statement running longer is cancelled (PostgreSQL). */
  statementTimeoutMs: number;
}

export type AppMode = 'development' | 'production';

/** Resumable uploads and the image pipeline (server/src/modules/storage/storage-routes.ts). */
export interface UploadSettings {
  /** A partial upload not completed within this time is removed. */
  expirySeconds: number;
  /** How often expired partial uploads are looked for (also once at start). */
  cleanupIntervalSeconds: number;
  /** Images decoded at once; the rest wait their turn (memory: a decode can take 100+ MB). */
  decodeConcurrency: number;
  /**
   * `UPLOAD_BENCH_SINK=1`: `POST {StorageApiUrl}/bench-sink` streams a raw body to disk and
   * drops it, the baseline of `npm run bench:upload`. Off unless a benchmark asks for it.
   */
  benchSink: boolean;
}

/** Outgoing mail and confirmation tokens (server/src/mail/README.md). */
export interface MailSettings {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset in development = the local sink. */
  smtpUrl: string | undefined;
  /** The From header of every mail. */
  from: string;
  /** Lifetime of a confirmation link's token. */
  confirmationTokenTtlSeconds: number;
  /** Confirmation mails one account (or subscriber address) may request per action and window. */
  confirmationMailLimit: number;
  confirmationMailWindowSeconds: number;
}

/** Sign-in abuse limits (server/src/auth/README.md). */
export interface LoginLimitSettings {
  /** Failed sign-ins per account within the window before it is locked. */
  maxFailures: number;
  /** Failed sign-ins per client address within the window before it is locked. */
  maxFailuresPerAddress: number;
  windowSeconds: number;
  lockSeconds: number;
  /** Failures after which every further attempt is delayed, doubling from `delayBaseMs`. */
  delayAfterFailures: number;
  delayBaseMs: number;
  delayMaxMs: number;
  /** Password hashes computed at once; the rest wait in a queue of at most `hashQueueLimit`. */
  hashConcurrency: number;
  hashQueueLimit: number;
}

/** The port of an origin: its explicit one, else the scheme's (80, 443). */
export function originPort(origin: string): number {
  const url = new URL(origin);
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = positiveInt(env, 'PORT', 8080);
  const dataDir = env.DATA_DIR ? resolve(REPO_ROOT, env.DATA_DIR) : resolve(REPO_ROOT, '.data');
  const publicOrigin = (env.PUBLIC_ORIGIN || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(publicOrigin)) {
    throw new Error(
      `PUBLIC_ORIGIN must be an origin like http://localhost:${port}, got "${publicOrigin}"`,
    );
  }
  const appMode = env.APP_MODE || 'development';
  if (appMode !== 'development' && appMode !== 'production')
    throw new Error(`APP_MODE must be development or production, got "${appMode}"`);
  const ordersPageCache = env.ORDERS_PAGE_CACHE || 'on';
  if (ordersPageCache !== 'on' && ordersPageCache !== 'off')
    throw new Error(`ORDERS_PAGE_CACHE must be on or off, got "${ordersPageCache}"`);
  // The demo logins share one published password: never made in production unless asked for.
  const seedDemoData = env.SEED_DEMO_DATA || (appMode === 'production' ? 'off' : 'on');
  if (seedDemoData !== 'on' && seedDemoData !== 'off')
    throw new Error(`SEED_DEMO_DATA must be on or off, got "${seedDemoData}"`);
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]+/.test(smtpUrl))
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  // Production never falls back to the local sink: mail would silently go nowhere.
  if (appMode === 'production' && !smtpUrl)
    throw new Error('APP_MODE=production requires SMTP_URL');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\/[^/\s]+/.test(databaseUrl))
    throw new Error(
      'DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/database ' +
        '(unset it to use SQLite in DATA_DIR)',
    );
  const sentryDsn = env.SENTRY_DSN || undefined;
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\/[^/]+/.test(redisUrl))
    throw new Error('REDIS_URL must be a redis:// or rediss:// URL');
  if (sentryDsn && !/^https:\/\/[^@/\s]+@[^/\s]+\/[\w-]+$/.test(sentryDsn))
    throw new Error('SENTRY_DSN must be a Sentry DSN like https://key@o1.ingest.sentry.io/123');
  return {
    port,
    host: env.HOST || 'localhost',
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(dataDir),
    publicOrigin,
    uploadMaxBytes: positiveInt(env, 'UPLOAD_MAX_BYTES', 52_428_800),
    uploads: {
      expirySeconds: Math.max(1, positiveInt(env, 'UPLOAD_EXPIRY_SECONDS', 86_400)),
      cleanupIntervalSeconds: Math.max(1, positiveInt(env, 'UPLOAD_CLEANUP_INTERVAL_SECONDS', 600)),
      decodeConcurrency: Math.max(1, positiveInt(env, 'IMAGE_DECODE_CONCURRENCY', 2)),
      benchSink: env.UPLOAD_BENCH_SINK === '1' || env.UPLOAD_BENCH_SINK === 'true',
    },
    archiveTtlSeconds: positiveInt(env, 'ARCHIVE_TTL_SECONDS', 3600),
    trash: {
      days: Math.max(1, positiveInt(env, 'TRASH_DAYS', 30)),
      purgeIntervalSeconds: Math.max(1, positiveInt(env, 'TRASH_PURGE_INTERVAL_SECONDS', 3600)),
    },
    storefrontFailHosts: (env.STOREFRONT_FAIL_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    pushAuthTimeoutMs: positiveInt(env, 'PUSH_AUTH_TIMEOUT_MS', 5000),
    pushMaxSocketsPerUser: Math.max(1, positiveInt(env, 'PUSH_MAX_SOCKETS_PER_USER', 10)),
    activationImportDelayMs: positiveInt(env, 'ACTIVATION_IMPORT_DELAY_MS', 400),
    ordersPageCache: ordersPageCache === 'on',
    seedDemoData: seedDemoData === 'on',
    appMode,
    sentryDsn,
    mail: {
      smtpUrl,
      from: env.MAIL_FROM || 'My account <no-reply@localhost>',
      confirmationTokenTtlSeconds: positiveInt(env, 'CONFIRMATION_TOKEN_TTL_SECONDS', 86_400),
      confirmationMailLimit: positiveInt(env, 'CONFIRMATION_MAIL_LIMIT', 5),
      confirmationMailWindowSeconds: positiveInt(env, 'CONFIRMATION_MAIL_WINDOW_SECONDS', 3600),
    },
    loginLimits: {
      maxFailures: positiveInt(env, 'LOGIN_MAX_FAILURES', 10),
      maxFailuresPerAddress: positiveInt(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 50),
      windowSeconds: positiveInt(env, 'LOGIN_FAILURE_WINDOW_SECONDS', 900),
      lockSeconds: positiveInt(env, 'LOGIN_LOCK_SECONDS', 900),
      delayAfterFailures: positiveInt(env, 'LOGIN_DELAY_AFTER_FAILURES', 3),
      delayBaseMs: positiveInt(env, 'LOGIN_DELAY_BASE_MS', 250),
      delayMaxMs: positiveInt(env, 'LOGIN_DELAY_MAX_MS', 4000),
      hashConcurrency: Math.max(1, positiveInt(env, 'PASSWORD_HASH_CONCURRENCY', 2)),
      hashQueueLimit: positiveInt(env, 'PASSWORD_HASH_QUEUE_LIMIT', 100),
    },
    database: {
      url: databaseUrl,
      poolSize: Math.max(1, positiveInt(env, 'DATABASE_POOL_SIZE', 10)),
      statementTimeoutMs: positiveInt(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000),
    },
    redisUrl,
    jobs: {
      instanceId: env.INSTANCE_ID || `${hostname()}:${port}:${process.pid}`,
      expireSeconds: Math.max(1, positiveInt(env, 'JOB_EXPIRE_SECONDS', 900)),
      maintenanceSeconds: Math.max(1, positiveInt(env, 'JOB_MAINTENANCE_SECONDS', 60)),
      archiveEntryDelayMs: positiveInt(env, 'ARCHIVE_ENTRY_DELAY_MS', 0),
    },
  };
}
