import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PgBossJobQueue } from '../../src/jobs/pg-boss-job-queue.ts';
import type { PgBossJobQueueOptions } from '../../src/jobs/pg-boss-job-queue.ts';

/**
 * The PostgreSQL the job-queue tests use: the `server-pg` project's throwaway server
 * (PHOTO_TEST_POSTGRES_URL), or TEST_DATABASE_URL by hand, a superuser's URL. Without either
 * (the `server` project) these tests are skipped.
 */
export const postgresUrl =
  process.env.PHOTO_TEST_POSTGRES_URL || process.env.TEST_DATABASE_URL || undefined;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * An empty database of its own for one test; `drop()` removes it. pg-boss creates its schema
 * at the first start, which takes well under a second, so no template is needed. Named like
 * the harness's own databases, so a run that stopped early leaves nothing behind for long.
 */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_jobs_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin(`CREATE DATABASE ${name}`);
  return {
    url: withDatabase(postgresUrl!, name),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A pg-boss queue that gives up on a silent job after 2 s and looks for such jobs every second. */
export function startQueue(
  url: string,
  options: Partial<PgBossJobQueueOptions> = {},
): Promise<PgBossJobQueue> {
  return PgBossJobQueue.start({
    url,
    expireSeconds: 2,
    maintenanceSeconds: 1,
    pollingSeconds: 0.5,
    ...options,
  });
}
