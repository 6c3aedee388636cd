import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../src/config/server-config.ts';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  testPostgresUrl,
} from '../../src/testing/test-database.ts';

const run = promisify(execFile);

/**
 * The throwaway PostgreSQL's superuser URL in the `server-pg` project (undefined in `server`):
 * tests of what crosses instances run there, where a real PostgreSQL is at hand.
 */
export const postgresAdminUrl = testPostgresUrl;

/** A new, empty database on that server; `drop` removes it. */
export async function freshPostgresDatabase(adminUrl: string) {
  const name = await createDatabase(adminUrl);
  return { url: databaseUrl(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}

/** A throwaway Redis (`scripts/redis.mjs`) in a temp folder; `stop` ends it and removes the folder. */
export async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'photo-redis-'));
  const script = join(REPO_ROOT, 'scripts', 'redis.mjs');
  const { stdout } = await run(process.execPath, [script, 'start', '--dir', dir]);
  return {
    url: stdout.trim().split('\n').at(-1)!,
    stop: async () => {
      await run(process.execPath, [script, 'stop', '--dir', dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
