import type { Kysely } from 'kysely';

/**
 * The order list's reads answered from indexes alone. The list's default filter
 * (`OrderState=notExpired`) tests `payment_expires_at`, which the (user_id, created_at, id)
 * index lacked: counting a customer's orders and finding the page's ids read every one of
 * their rows from the table. With the column at the end of that index both stay inside it,
 * and (user_id, payment_expires_at) finds the next payment deadline (the page cache's expiry)
 * with one seek instead of a pass over all the customer's orders. Measured with bench:orders
 * (docs/benchmarks.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('superorders_user_created_expires')
    .on('superorders')
    .columns(['user_id', 'created_at', 'id', 'payment_expires_at'])
    .execute();
  // The new index begins with the same columns in the same order: it serves every read this one did.
  await db.schema.dropIndex('superorders_user_created').execute();
  await db.schema
    .createIndex('superorders_user_payment_expires')
    .on('superorders')
    .columns(['user_id', 'payment_expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('superorders_user_payment_expires').execute();
  await db.schema
    .createIndex('superorders_user_created')
    .on('superorders')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('superorders_user_created_expires').execute();
}
