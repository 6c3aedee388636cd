import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
/** One file per vitest run using the server (its pid): the last one out cleans up. */
const RUNS_DIR = join(POSTGRES_DIR, 'runs');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether another live vitest run uses the server (runs that died are forgotten). */
function othersRunning(): boolean {
  let others = false;
  for (const name of existsSync(RUNS_DIR) ? readdirSync(RUNS_DIR) : []) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    if (Number.isInteger(pid) && isAlive(pid)) others = true;
    else rmSync(join(RUNS_DIR, name), { force: true });
  }
  return others;
}

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
 * (`test/database-setup.ts`). At the end the last run using the server drops the databases
 * the runs left and stops it; the folder, with the templates, stays for the next run.
 */
export default async function startPostgres(project: TestProject) {
  const output = execFileSync(process.execPath, [script, 'start', '--dir', POSTGRES_DIR], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const adminUrl = output.trim().split('\n').at(-1)!;
  process.env[TEST_POSTGRES_ENV] = adminUrl;
  // Another run at the same time (a second `vitest` in this checkout) keeps its databases.
  if (!othersRunning()) await dropLeftovers(adminUrl);
  mkdirSync(RUNS_DIR, { recursive: true });
  writeFileSync(join(RUNS_DIR, String(process.pid)), '');
  await emptyTemplate(adminUrl);
  await postgresSeedTemplate(adminUrl);
  project.provide('postgresUrl', adminUrl);
  return async () => {
    rmSync(join(RUNS_DIR, String(process.pid)), { force: true });
    const last = !othersRunning();
    if (last) await dropLeftovers(adminUrl);
    await adminPool(adminUrl).end();
    if (last)
      execFileSync(process.execPath, [script, 'stop', '--dir', POSTGRES_DIR], {
        stdio: 'inherit',
      });
  };
}
