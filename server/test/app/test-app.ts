import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { AppOptions } from '../../src/app.ts';
import { dropTestDatabase, testDatabaseEnv } from '../../src/testing/test-database.ts';

/** buildApp on a temp data folder for `app.inject` tests (not listening). */
export async function buildTestApp(
  options: Partial<AppOptions> & { setup?: (app: FastifyInstance) => void } = {},
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'photo-app-test-'));
  const { setup, ...rest } = options;
  // In the server-pg project, a PostgreSQL database of its own (test-database.ts).
  const env =
    rest.db || rest.env?.DATABASE_URL
      ? rest.env
      : { ...(rest.env ?? process.env), ...(await testDatabaseEnv(dataDir)) };
  const app = await buildApp({ dataDir, port: 8080, ...rest, env });
  setup?.(app);
  await app.ready();
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      await dropTestDatabase(dataDir);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A built web app in a temp folder: `index.html` and `assets/index-abc123.js` holding `script`. */
export async function makeWebRoot(script: string): Promise<string> {
  const webRoot = await mkdtemp(join(tmpdir(), 'web-dist-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(
    join(webRoot, 'index.html'),
    '<!doctype html><title>app</title><div id="root"></div>',
  );
  await writeFile(join(webRoot, 'assets', 'index-abc123.js'), script);
  return webRoot;
}
