import type { Kysely } from 'kysely';

/** Newsletter subscriptions with double opt-in (docs/product.md#apis e-mail gateway). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_subscriptions')
    .addColumn('email', 'text', (col) => col.primaryKey())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_subscriptions').execute();
}
