import type { Kysely } from 'kysely';

/**
 * Failed sign-ins per account and per client address (server/src/auth/README.md). In the
 * database, not in memory, so every server instance sees the same counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'bigint', (col) => col.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_updated')
    .on('login_failures')
    .column('updated_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
}
