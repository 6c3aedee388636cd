import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../src/config/server-config.ts';
import { postgresSeedTemplate, seedKey } from '../src/testing/seed-template.ts';
import {
  adminPool,
  dropDatabase,
  emptyTemplate,
  emptyTemplateName,
  TEST_DATABASE_PREFIX,
  TEST_POSTGRES_ENV,
} from '../src/testing/test-database.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The throwaway PostgreSQL's superuser URL, in the `server-pg` project only. */
    postgresUrl: string;
  }
}

const POSTGRES_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'postgres');
const script = join(REPO_ROOT, 'scripts', 'postgres.mjs');

/** Databases left by an earlier run that stopped early, and templates of another day or code. */
async function dropLeftovers(adminUrl: string): Promise<void> {
  const keep = [`seed_${await seedKey()}`, emptyTemplateName()];
  const { rows } = await adminPool(adminUrl).query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^(seed|empty)_' or starts_with(datname, $1)",
    [TEST_DATABASE_PREFIX],
  );
  for (const { datname } of rows)
    if (!keep.includes(datname)) await dropDatabase(adminUrl, datname);
}

/**
 * The `server-pg` project: starts the throwaway PostgreSQL (`scripts/postgres.mjs`), makes
 * the day's demo-data template database once, and hands the URL to the test files
 * (`test/database-setup.ts`). At the end it drops what the run made and stops the server;
 * the folder, with the template, stays for the next run.
 */
export default async function startPostgres(project: TestProject) {
  const output = execFileSync(process.execPath, [script, 'start', '--dir', POSTGRES_DIR], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const adminUrl = output.trim().split('\n').at(-1)!;
  process.env[TEST_POSTGRES_ENV] = adminUrl;
  await dropLeftovers(adminUrl);
  await emptyTemplate(adminUrl);
  await postgresSeedTemplate(adminUrl);
  project.provide('postgresUrl', adminUrl);
  return async () => {
    await dropLeftovers(adminUrl);
    await adminPool(adminUrl).end();
    execFileSync(process.execPath, [script, 'stop', '--dir', POSTGRES_DIR], { stdio: 'inherit' });
  };
}
