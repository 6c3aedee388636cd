import Database from 'better-sqlite3';
import {
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import type { DatabaseSchema } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { registerPostgresPool, registerSqliteHandle } from './prepared-reads.ts';

export type Db = Kysely<DatabaseSchema>;

/** A SQLite file (the default, one process) or a PostgreSQL URL (production, many instances). */
export type DatabaseTarget =
  { file: string } | { url: string; poolSize?: number; statementTimeoutMs?: number };

export type DatabaseKind = 'sqlite' | 'postgres';

/** Which dialect a database (or a transaction on it) speaks, for the few places that differ. */
export function databaseKind(db: Kysely<unknown> | Db): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Opens the database and migrates it to the latest version: the SQLite file (created if
 * needed) or the PostgreSQL database at the URL (docs/architecture.md, "Database"). The
 * repositories run the same Kysely queries on both.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  const db = 'file' in target ? openSqlite(target.file) : await openPostgres(target);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** How much of the SQLite file reads map into memory (1 GiB; past it pages are read as before). */
export const SQLITE_MMAP_BYTES = 1024 * 1024 * 1024;

function openSqlite(file: string): Db {
  const sqlite = new Database(file);
  // WAL lets readers run while the background jobs (archives, imports) write.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads map the file instead of copying each page through SQLite's page cache (2 MB by
  // default, about 500 pages): a 500-photo page touches about 500 table pages, so it re-read
  // every page with a system call on every request; mapped, a page read is a memory access
  // (docs/architecture.md, "Database"). Only address space: the pages are the OS's file cache.
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
  // Hot reads reuse prepared statements on this handle (see prepared-reads.ts).
  registerSqliteHandle(db, sqlite);
  return db;
}

// Type OIDs (pg_type): int8 is what count(*) and sum() over integers answer, numeric what
// sum() over bigint and avg() answer; pg hands both over as strings. Rows must look the same
// as SQLite's, where they are numbers; the values here stay far below 2^53.
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** pg's own parsers except for int8 and numeric; per pool, so other pg users keep theirs. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return format === 'binary'
      ? pg.types.getTypeParser(oid, 'binary')
      : pg.types.getTypeParser(oid, 'text');
  }) as typeof pg.types.getTypeParser,
};

/** `host:port/database` of a PostgreSQL URL: what an error may show (never the password). */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL (not a valid URL)';
  }
}

async function openPostgres(target: {
  url: string;
  poolSize?: number;
  statementTimeoutMs?: number;
}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // A runaway query ends with an error instead of holding a connection of the pool.
    statement_timeout: target.statementTimeoutMs ?? 30_000,
    // Names this server's connections in pg_stat_activity.
    application_name: 'photo-account-server',
    connectionTimeoutMillis: 10_000,
    types: pgTypes,
  });
  // An idle connection the server closed (a restart, a failover) emits 'error' on the pool;
  // unhandled, that would end the process. The pool drops it and the next query reconnects.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end();
    throw new Error(
      `Cannot reach the database at ${describeDatabaseUrl(target.url)}: ${(error as Error).message}. ` +
        'Start PostgreSQL or fix DATABASE_URL.',
      { cause: error },
    );
  }
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  registerPostgresPool(db, pool);
  postgresUrls.set(db, target.url);
  return db;
}

const postgresUrls = new WeakMap<Db, string>();

/**
 * Runs `work` while holding a lock every instance on this database sees: on PostgreSQL a
 * session advisory lock on `key`, held by a connection of its own (not one of the pool, which
 * `work` needs); on SQLite, one process, it just runs. For work that must happen once however
 * many instances start together, such as seeding an empty database.
 */
export async function withDatabaseLock<T>(db: Db, key: string, work: () => Promise<T>): Promise<T> {
  const url = postgresUrls.get(db);
  if (!url) return work();
  const client = new pg.Client({ connectionString: url, application_name: 'photo-account-lock' });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
    return await work();
  } finally {
    // Ending the session releases the lock too, whatever happened.
    await client.end();
  }
}

/**
 * Makes transactions that read and then write the same thing (a count recomputed from rows, a
 * check for a duplicate before an insert) take turns on `key`. On PostgreSQL a transaction-scoped
 * advisory lock, held until commit or rollback; the statements after it see what the previous
 * holder committed. On SQLite nothing: its one connection runs one transaction at a time.
 * Call it inside `db.transaction()`, before the read; lock several keys in a fixed order.
 */
export async function lockForTransaction(trx: Db, key: string): Promise<void> {
  if (databaseKind(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * Whether `error` is a unique-constraint (or primary-key) violation, on either dialect:
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY codes, PostgreSQL's SQLSTATE 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * The migrations a database has run that this code does not know: it was written by a newer
 * version of the server. Empty for a new database.
 */
export async function unknownMigrations(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)) return [];
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(
    DEFAULT_MIGRATION_TABLE,
  )}`.execute(db);
  return rows.map((row) => row.name).filter((name) => !Object.hasOwn(migrations, name));
}

export async function migrateToLatest(db: Db): Promise<void> {
  // A database from a newer server would otherwise fail with Kysely's "corrupted migrations".
  const unknown = await unknownMigrations(db);
  if (unknown.length > 0)
    throw new Error(
      `The database was written by a newer version of this server (its migration ${unknown[0]} is ` +
        'not known to this one). Start the newer version, or point this one at another database.',
    );
  // On PostgreSQL the migrator holds an advisory lock: instances starting together migrate once.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, {
      cause: error,
    });
  }
}
