import { CompiledQuery, sql } from 'kysely';
import type { Compilable } from 'kysely';
import { databaseKind } from '../db/database.ts';
import type { Db } from '../db/database.ts';

/**
 * The plan the database would run `query` with, as text to match: PostgreSQL's JSON plan, or
 * SQLite's EXPLAIN QUERY PLAN details joined by ' | '. On PostgreSQL a test's small data makes
 * a scan and a sort cheapest, so they are priced out first: the plan then shows whether an
 * index alone answers (the plans bench:server's and bench:orders' data get).
 */
export async function queryPlan(
  db: Db,
  query: Compilable<unknown>,
): Promise<{ kind: 'sqlite' | 'postgres'; plan: string }> {
  const compiled = query.compile();
  if (databaseKind(db) === 'postgres') {
    const result = await db.transaction().execute(async (trx) => {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
        await sql`select set_config(${setting}, 'off', true)`.execute(trx);
      return trx.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
      );
    });
    return { kind: 'postgres', plan: JSON.stringify(result.rows[0]!['QUERY PLAN']) };
  }
  const result = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
  );
  return { kind: 'sqlite', plan: result.rows.map((row) => row.detail).join(' | ') };
}
