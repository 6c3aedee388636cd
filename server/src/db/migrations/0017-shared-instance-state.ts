import type { Kysely } from 'kysely';

/**
 * State every server instance must share rather than keep in its own memory or data folder
 * (docs/architecture.md, "Production mode"): the server's own secrets (the sign-in provider's
 * cookie and signing keys, the photo links' HMAC key), created once by whichever instance
 * starts first, and the counters of the fixed-window rate limits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'text', (col) => col.primaryKey())
    // Epoch ms of the window's start: windows are aligned, so every instance agrees on them.
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_windows_start')
    .on('rate_limit_windows')
    .column('window_start')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_windows').execute();
  await db.schema.dropTable('server_secrets').execute();
}
