import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { seedDemoData } from '../seed/index.ts';
import { seedUsers } from '../seed/users.ts';
import { freePort } from './free-port.ts';
import { copyDataDir, postgresSeedTemplate, seedTemplate } from './seed-template.ts';
import {
  dropTestDatabase,
  hasTestDatabase,
  testDatabaseEnv,
  testPostgresUrl,
} from './test-database.ts';

export interface TestServerOptions {
  /**
   * `'users'` (default): only the demo users. `true`: the whole demo data set, copied from the
   * day's template (`seed-template.ts`; made by `seedDemoData` the first time). `false`: an
   * empty database.
   */
  seed?: boolean | 'users';
  /**
   * With `seed: true`: copy this data folder instead of the demo-data template (the end-to-end
   * suites copy one that also holds signed-in sessions). Never written to.
   */
  template?: string;
  /** Environment overrides, e.g. `{ STOREFRONT_FAIL_HOSTS: 'albelli-nl.localhost' }`. */
  env?: Record<string, string>;
  /** Reuse a data folder (e.g. to test a restart); it is then not deleted on close. */
  dataDir?: string;
  /** A fixed port (e.g. to restart on the same issuer); default: a free one. */
  port?: number;
  /** Serve this folder as the web app (default `web/dist`). */
  webRoot?: string;
  logger?: boolean;
}

export interface TestServer {
  /** `http://localhost:{port}`: the issuer's origin; Node can resolve it (not `*.localhost`). */
  origin: string;
  port: number;
  dataDir: string;
  app: FastifyInstance;
  /** Stops the server and deletes the data folder unless it was passed in. */
  close(): Promise<void>;
}

/**
 * How long a closing test server waits for open connections. A client that never reads its
 * response body (an unconsumed `fetch`) or a browser mid-request keeps its connection open, and
 * Node's `server.close()` waits for it until the client gives up: over a minute, seen here.
 */
const CLOSE_GRACE_MS = 1_000;

/** Closes the app; connections still open after `graceMs` are cut so the close can finish. */
async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

/**
 * Starts the real server (OIDC provider, APIs, push) on a free port with a fresh data folder,
 * listening like `npm start` does (localhost, IPv4 and IPv6). In the `server-pg` vitest
 * project its database is a PostgreSQL database of its own (`test-database.ts`).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'photo-server-test-')));
  const seed = options.seed ?? 'users';
  // A data folder that already has a database (a restart), or a database the test names
  // itself (instances sharing one), is seeded in place, idempotently.
  const copied =
    seed === true &&
    !options.env?.DATABASE_URL &&
    !existsSync(join(dataDir, 'app.db')) &&
    !hasTestDatabase(dataDir);
  let templateDatabase: string | undefined;
  if (copied) {
    const adminUrl = testPostgresUrl();
    if (adminUrl && !options.template) {
      const template = await postgresSeedTemplate(adminUrl);
      templateDatabase = template.database;
      await copyDataDir(template.dir, dataDir);
    } else {
      await copyDataDir(options.template ?? (await seedTemplate()), dataDir);
    }
  }
  // A test that names its database (instances sharing one) keeps it; others get their own.
  const env = {
    ...process.env,
    ...options.env,
    ...(options.env?.DATABASE_URL ? {} : await testDatabaseEnv(dataDir, templateDatabase)),
  };
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = options.port ?? (await freePort());
    const app = await buildApp({
      dataDir,
      port,
      logger: options.logger ?? false,
      env,
      webRoot: options.webRoot,
    });
    try {
      if (seed === 'users') await seedUsers(app.deps.db);
      else if (seed && !copied) await seedDemoData(app.deps);
      await app.listen({ port, host: 'localhost' });
    } catch (error) {
      await app.close();
      lastError = error;
      // Another process took the port between the probe and listen: try another one.
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && options.port === undefined)
        continue;
      break;
    }
    return {
      origin: `http://localhost:${port}`,
      port,
      dataDir,
      app,
      close: async () => {
        await closeWithin(app, CLOSE_GRACE_MS);
        if (ownsDataDir) {
          await dropTestDatabase(dataDir);
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    };
  }
  if (ownsDataDir) {
    await dropTestDatabase(dataDir);
    await rm(dataDir, { recursive: true, force: true });
  }
  throw lastError;
}
