import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { CompiledQuery } from 'kysely';
import type { Compilable, Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.ts';

type Executor = Kysely<DatabaseSchema>;

/** The better-sqlite3 handle behind a Kysely instance opened by `openDatabase`. */
const sqliteHandles = new WeakMap<Executor, BetterSqlite3.Database>();

export function registerSqliteHandle(db: Executor, sqlite: BetterSqlite3.Database): void {
  sqliteHandles.set(db, sqlite);
}

/** The pg pool behind a Kysely instance opened on PostgreSQL by `openDatabase`. */
const postgresPools = new WeakMap<Executor, pg.Pool>();

export function registerPostgresPool(db: Executor, pool: pg.Pool): void {
  postgresPools.set(db, pool);
}

interface Prepared {
  sql: string;
  /**
   * PostgreSQL: the name of the server-side prepared statement (each pooled connection parses
   * and plans it once, on first use). Derived from the SQL text, so one name never means two
   * statements.
   */
  name: string;
  /** In raw mode: rows come back as arrays, see {@link rowsToObjects}. */
  statement: BetterSqlite3.Statement | undefined;
  columns: string[];
}

/**
 * better-sqlite3 builds result objects property by property through the V8 API, which
 * profiling showed to cost more than SQLite's own work on a 500-row page; arrays (raw mode)
 * turned into objects here, where V8 can use one object shape, are about a fifth cheaper.
 */
function rowsToObjects<R>(rows: unknown[][], columns: readonly string[]): R[] {
  const objects = new Array<R>(rows.length);
  const width = columns.length;
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i]!;
    const object: Record<string, unknown> = {};
    for (let j = 0; j < width; j += 1) object[columns[j]!] = row[j];
    objects[i] = object as R;
  }
  return objects;
}

const preparedByDb = new WeakMap<Executor, Map<string, Prepared>>();

/**
 * Runs a hot read query (the photo pages, the timeline) without Kysely's per-call cost.
 *
 * Building and compiling a Kysely query, then `prepare`-ing its SQL (Kysely's SQLite driver
 * prepares on every call), cost more than running it: profiling `bench:server` showed about
 * half of a timeline request in Kysely's builder and compiler. Here a query *shape* (`shape`:
 * everything that changes the SQL text, e.g. sort key and order) is built and compiled once,
 * its statement prepared once, and later calls only bind `params`.
 *
 * `params` must be the values the built query binds, in the same order; the first call of each
 * shape checks that against Kysely's own compilation and throws if they differ, so a mistake
 * fails the tests instead of reading the wrong rows.
 *
 * Inside a transaction of the single SQLite connection (a write awaiting between statements),
 * reading directly would see its uncommitted rows: then the query goes through Kysely, which
 * waits for the connection like every other query.
 *
 * On PostgreSQL the compiled SQL runs as a named prepared statement on the pool (no Kysely
 * per call, no parse and plan per call); rows come through the pool's type parsers, so they
 * look as on SQLite.
 */
export async function preparedRead<R>(
  db: Executor,
  shape: string,
  params: readonly unknown[],
  build: () => Compilable<R>,
): Promise<R[]> {
  let cache = preparedByDb.get(db);
  if (!cache) {
    cache = new Map();
    preparedByDb.set(db, cache);
  }
  let prepared = cache.get(shape);
  if (!prepared) {
    const compiled = build().compile();
    if (!isDeepStrictEqual([...compiled.parameters], [...params])) {
      throw new Error(
        `preparedRead(${shape}): parameters ${JSON.stringify(params)} do not match the query's ${JSON.stringify(compiled.parameters)}`,
      );
    }
    const sqlite = sqliteHandles.get(db);
    const statement = sqlite?.prepare(compiled.sql).raw(true);
    prepared = {
      sql: compiled.sql,
      name: `read_${createHash('sha256').update(compiled.sql).digest('hex').slice(0, 24)}`,
      statement,
      columns: statement?.columns().map((column) => column.name) ?? [],
    };
    cache.set(shape, prepared);
  }
  const sqlite = sqliteHandles.get(db);
  if (prepared.statement && sqlite && !sqlite.inTransaction) {
    return rowsToObjects<R>(prepared.statement.all(...params) as unknown[][], prepared.columns);
  }
  const pool = postgresPools.get(db);
  if (pool) {
    const result = await pool.query<R & pg.QueryResultRow>({
      name: prepared.name,
      text: prepared.sql,
      values: params as unknown[],
    });
    return result.rows;
  }
  const result = await db.executeQuery<R>(CompiledQuery.raw(prepared.sql, [...params]));
  return [...result.rows];
}

interface StampStatements {
  totalChanges: BetterSqlite3.Statement;
  dataVersion: BetterSqlite3.Statement;
}

const stampStatements = new WeakMap<Executor, StampStatements>();

/**
 * A value that changes whenever the database may have changed: rows written by this
 * connection (`total_changes()`, counting trigger and foreign-key actions, even rolled back
 * ones) and commits by any other connection (`PRAGMA data_version`). A response cached under
 * one stamp is still exact while the stamp is equal, with no invalidation call to forget.
 * Undefined (do not cache) inside a transaction or without a direct SQLite handle, and so
 * always on PostgreSQL: there other instances write to the same database, and a page cached by
 * one instance must not answer for data another one changed.
 */
export function dataStamp(db: Executor): string | undefined {
  const sqlite = sqliteHandles.get(db);
  if (!sqlite || sqlite.inTransaction) return undefined;
  let statements = stampStatements.get(db);
  if (!statements) {
    statements = {
      totalChanges: sqlite.prepare('SELECT total_changes()').pluck(),
      dataVersion: sqlite.prepare('PRAGMA data_version').pluck(),
    };
    stampStatements.set(db, statements);
  }
  return `${String(statements.totalChanges.get())}|${String(statements.dataVersion.get())}`;
}
