import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { REPO_ROOT } from '../../src/config/server-config.ts';

const run = promisify(execFile);

/**
 * The throwaway PostgreSQL's superuser URL in the `server-pg` project (undefined elsewhere):
 * tests of what crosses instances run there, where a real PostgreSQL is at hand.
 */
export function postgresAdminUrl(): string | undefined {
  return process.env.PHOTO_TEST_POSTGRES_URL || undefined;
}

/** A new, empty database on that server; `drop` removes it. */
export async function freshPostgresDatabase(adminUrl: string) {
  const name = `test_push_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
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
