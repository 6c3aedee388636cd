import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { seedDemoData } from '../seed/index.ts';
import { seedUsers } from '../seed/users.ts';

export interface TestServerOptions {
  /**
   * `'users'` (default): only the demo users. `true`: the whole demo data set (`seedDemoData`,
   * photos included: slower). `false`: an empty database.
   */
  seed?: boolean | 'users';
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

/** A port nobody listens on right now (the issuer URL needs the port before the app is built). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the real server (OIDC provider, APIs, push) on a free port with a fresh data folder,
 * listening like `npm start` does (localhost, IPv4 and IPv6).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'photo-server-test-')));
  const env = { ...process.env, ...options.env };
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
      const seed = options.seed ?? 'users';
      if (seed === 'users') await seedUsers(app.deps.db);
      else if (seed) await seedDemoData(app.deps);
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
        await app.close();
        if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
  throw lastError;
}
