import type { Kysely } from 'kysely';

/** The customer record's FTP integration fields (docs/product.md#data Customer: callbackUrl, callbackFormat). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('callback_url', 'text').execute();
  await db.schema.alterTable('users').addColumn('callback_format', 'text').execute();
  await db.schema.alterTable('users').addColumn('customer_changed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('customer_changed_at').execute();
  await db.schema.alterTable('users').dropColumn('callback_format').execute();
  await db.schema.alterTable('users').dropColumn('callback_url').execute();
}
