import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PgBossJobQueue } from '../../src/jobs/pg-boss-job-queue.ts';
import type { PgBossJobQueueOptions } from '../../src/jobs/pg-boss-job-queue.ts';

/**
 * The PostgreSQL the job-queue tests use: TEST_DATABASE_URL, a superuser's URL (e.g. what
 * `node scripts/postgres.mjs start --dir …` prints). Without it these tests are skipped.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

const TEMPLATE = 'jobs_test_template';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let template: Promise<void> | undefined;

/**
 * A template database with pg-boss's schema already in it: creating that schema takes a
 * second or more, copying a template a fraction of it.
 */
function ensureTemplate(): Promise<void> {
  template ??= (async () => {
    const exists = await admin((client) =>
      client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]),
    );
    if (exists.rowCount) return;
    const building = `${TEMPLATE}_${randomUUID().slice(0, 8)}`;
    await admin((client) => client.query(`CREATE DATABASE ${building}`));
    const boss = await PgBossJobQueue.start({
      url: withDatabase(postgresUrl!, building),
      expireSeconds: 60,
      maintenanceSeconds: 60,
    });
    await boss.stop();
    // Another test file may have built it meanwhile: theirs stays, this copy goes.
    await admin(async (client) => {
      try {
        await client.query(`ALTER DATABASE ${building} RENAME TO ${TEMPLATE}`);
      } catch {
        await client.query(`DROP DATABASE IF EXISTS ${building}`);
      }
    });
  })();
  return template;
}

/** A database of its own for one test, with pg-boss's schema; `drop()` removes it. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  await ensureTemplate();
  const name = `jobs_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
  return {
    url: withDatabase(postgresUrl!, name),
    drop: async () =>
      void (await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
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
