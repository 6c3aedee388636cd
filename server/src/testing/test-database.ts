import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';

/**
 * The tests' database: SQLite files as `npm start` uses, or, in the `server-pg` vitest project,
 * databases on a throwaway PostgreSQL (`scripts/postgres.mjs`). That project puts the
 * superuser URL here for every test file; without it everything is SQLite (the `server`
 * project, the desktop tests, the end-to-end suites).
 */
export const TEST_POSTGRES_ENV = 'PHOTO_TEST_POSTGRES_URL';

/**
 * Databases the harness makes are named so; whatever a run leaves (the emptied ones kept for
 * reuse included) is dropped at its end.
 */
export const TEST_DATABASE_PREFIX = 'test_';

/** Names the data folder's database (the harness writes it; a restart reads it back). */
const DATABASE_NAME_FILE = 'test-database-name';

export function testPostgresUrl(): string | undefined {
  return process.env[TEST_POSTGRES_ENV] || undefined;
}

/** The URL of database `name` on the server of superuser URL `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let admin: { url: string; pool: pg.Pool } | undefined;

/** One small pool per process for CREATE and DROP DATABASE. */
export function adminPool(adminUrl: string): pg.Pool {
  if (admin?.url !== adminUrl) {
    // Never closed: idle connections go after a second and do not keep the process alive.
    const pool = new pg.Pool({
      connectionString: adminUrl,
      max: 2,
      idleTimeoutMillis: 1000,
      allowExitOnIdle: true,
    });
    pool.on('error', () => {});
    admin = { url: adminUrl, pool };
  }
  return admin.pool;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A new database, empty or a copy of `template` (`CREATE DATABASE … TEMPLATE`: a file copy,
 * far faster than migrating and seeding again). Returns its name.
 */
export async function createDatabase(adminUrl: string, template?: string): Promise<string> {
  const name = `${TEST_DATABASE_PREFIX}${process.pid}_${randomBytes(6).toString('hex')}`;
  const from = template ? ` TEMPLATE ${quote(template)}` : '';
  for (let attempt = 0; ; attempt += 1) {
    try {
      await adminPool(adminUrl).query(`CREATE DATABASE ${quote(name)}${from}`);
      return name;
    } catch (error) {
      // Another process copying the same template at this moment holds it for a while.
      if (!/being accessed by other users/.test((error as Error).message) || attempt >= 20)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + 100 * attempt));
    }
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminPool(adminUrl).query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
}

export async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const { rowCount } = await adminPool(adminUrl).query(
    'select 1 from pg_database where datname = $1',
    [name],
  );
  return rowCount === 1;
}

/**
 * Makes `database` (filled by `fill`) the template `template`: renamed, and closed to
 * connections, since a copy fails while anyone is connected to its source. When another
 * process made the template first, ours is dropped.
 */
export async function promoteTemplate(
  adminUrl: string,
  database: string,
  template: string,
): Promise<void> {
  const pool = adminPool(adminUrl);
  try {
    await pool.query(`ALTER DATABASE ${quote(database)} RENAME TO ${quote(template)}`);
    await pool.query(`ALTER DATABASE ${quote(template)} WITH ALLOW_CONNECTIONS false`);
  } catch (error) {
    await dropDatabase(adminUrl, database);
    if (!(await databaseExists(adminUrl, template))) throw error;
  }
}

/** Names the migrated empty template: changes with any migration's code. */
export function emptyTemplateName(): string {
  const hash = createHash('sha256');
  for (const [name, migration] of Object.entries(migrations))
    hash.update(`${name}\n${migration.up.toString()}\n`);
  return `empty_${hash.digest('hex').slice(0, 16)}`;
}

let currentEmpty: Promise<string> | undefined;

/**
 * A migrated database without rows, made once, to copy for every test that starts with no
 * data: a copy costs a fraction of running every migration again.
 */
export function emptyTemplate(adminUrl: string): Promise<string> {
  currentEmpty ??= (async () => {
    const template = emptyTemplateName();
    if (await databaseExists(adminUrl, template)) return template;
    const building = await createDatabase(adminUrl);
    try {
      const db = await openDatabase({ url: databaseUrl(adminUrl, building), poolSize: 1 });
      await db.destroy();
    } catch (error) {
      await dropDatabase(adminUrl, building);
      throw error;
    }
    await promoteTemplate(adminUrl, building, template);
    return template;
  })();
  currentEmpty.catch(() => {
    currentEmpty = undefined;
  });
  return currentEmpty;
}

/** Emptied databases of this process, ready for the next test that needs an empty one. */
const spareDatabases: string[] = [];
/** Databases this process made from the empty template: emptied for reuse instead of dropped. */
const reusable = new Set<string>();

/**
 * A migrated database without rows: one a test of this process finished with and emptied, or
 * a new copy of the empty template. A copy costs about a second on a busy machine (PostgreSQL
 * copies every file of the template), emptying a used one a tenth of that.
 */
async function emptyDatabase(adminUrl: string): Promise<string> {
  const spare = spareDatabases.pop();
  if (spare) return spare;
  const name = await createDatabase(adminUrl, await emptyTemplate(adminUrl));
  reusable.add(name);
  return name;
}

/**
 * Done with database `name`: one made from the empty template is emptied (every row of the
 * app's tables, the job queue's schema, which the next server makes again) and kept for the
 * next test; any other is dropped. Connections still open to it are ended first.
 */
export async function releaseDatabase(adminUrl: string, name: string): Promise<void> {
  if (!reusable.has(name)) return dropDatabase(adminUrl, name);
  reusable.delete(name);
  await adminPool(adminUrl).query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  const client = new pg.Client({ connectionString: databaseUrl(adminUrl, name) });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename not like 'kysely\\_%'",
    );
    await client.query('drop schema if exists pgboss cascade');
    if (rows.length > 0) await client.query(`truncate ${rows.map((row) => row.name).join(', ')}`);
  } catch {
    // Not reusable after all (a test changed its schema, a connection would not end): drop it.
    await client.end().catch(() => {});
    return dropDatabase(adminUrl, name);
  }
  await client.end();
  reusable.add(name);
  spareDatabases.push(name);
}

/**
 * The environment `buildApp` needs for the data folder `dataDir`: nothing on SQLite (its
 * database is `dataDir/app.db`); on PostgreSQL, DATABASE_URL of the folder's own database,
 * made now (a copy of `template`, else of the migrated empty one) unless the folder already has
 * one (a restart).
 */
export async function testDatabaseEnv(
  dataDir: string,
  template?: string,
): Promise<Record<string, string>> {
  const adminUrl = testPostgresUrl();
  if (!adminUrl) return {};
  const file = join(dataDir, DATABASE_NAME_FILE);
  let name = existsSync(file) ? (await readFile(file, 'utf8')).trim() : undefined;
  if (!name) {
    name = template ? await createDatabase(adminUrl, template) : await emptyDatabase(adminUrl);
    await writeFile(file, name);
  }
  return { DATABASE_URL: databaseUrl(adminUrl, name) };
}

/** Whether the data folder has a PostgreSQL database of its own (made by {@link testDatabaseEnv}). */
export function hasTestDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, DATABASE_NAME_FILE));
}

/** Releases the PostgreSQL database of the data folder `dataDir`, if it has one. */
export async function dropTestDatabase(dataDir: string): Promise<void> {
  const adminUrl = testPostgresUrl();
  const file = join(dataDir, DATABASE_NAME_FILE);
  if (!adminUrl || !existsSync(file)) return;
  await releaseDatabase(adminUrl, (await readFile(file, 'utf8')).trim());
}

const openedDatabases = new WeakMap<Db, string>();

/**
 * A fresh, migrated database for tests of repositories and services without a server: SQLite
 * in `file` (default in memory), or a new PostgreSQL database. Close it with
 * {@link closeTestDatabase}.
 */
export async function openTestDatabase(file = ':memory:'): Promise<Db> {
  const adminUrl = testPostgresUrl();
  if (!adminUrl) return openDatabase({ file });
  const name = await emptyDatabase(adminUrl);
  const db = await openDatabase({ url: databaseUrl(adminUrl, name), poolSize: 4 });
  openedDatabases.set(db, name);
  return db;
}

export async function closeTestDatabase(db: Db): Promise<void> {
  await db.destroy();
  const name = openedDatabases.get(db);
  const adminUrl = testPostgresUrl();
  if (name && adminUrl) await releaseDatabase(adminUrl, name);
}
