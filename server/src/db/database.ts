import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
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
  await migrateToLatest(db);
  return db;
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, {
      cause: error,
    });
  }
}
