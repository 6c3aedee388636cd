import Database from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE, Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import type { DatabaseSchema } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { registerSqliteHandle } from './prepared-reads.ts';

export type Db = Kysely<DatabaseSchema>;

/**
 * Opens (creating if needed) the SQLite database at `file` and migrates it to the latest
 * version. Kysely keeps the queries portable: the same repositories run on PostgreSQL by
 * swapping the dialect (the scale-out path of docs/architecture.md).
 */
export async function openDatabase(file: string): Promise<Db> {
  const sqlite = new Database(file);
  // WAL lets readers run while the background jobs (archives, imports) write.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
  // Hot reads reuse prepared statements on this handle (see prepared-reads.ts).
  registerSqliteHandle(db, sqlite);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
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
        'not known to this one). Start the newer version, or point this one at another data folder.',
    );
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, {
      cause: error,
    });
  }
}
