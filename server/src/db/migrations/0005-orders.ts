import type { Kysely } from 'kysely';

/**
 * Orders (docs/product.md#data Order/superorder): a superorder holds inner orders (the screens'
 * products). The order list is one index range (user, newest first); the client pages it with
 * Offset/Limit. Address changes, delivery dates and reorders hang off the superorder. Every
 * row carries its user so deleting the user deletes it (foreign keys are on).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('superorders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    // Null while a delivery change is in progress (docs/product.md#data).
    .addColumn('delivery_type', 'text')
    .addColumn('delivery_address', 'text', (col) => col.notNull())
    .addColumn('total_amount', 'integer', (col) => col.notNull())
    // Set on unpaid orders: after it the order is expired (OrderState=notExpired leaves it out).
    .addColumn('payment_expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('superorders_user_created')
    .on('superorders')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('superorder_id', 'text', (col) =>
      col.notNull().references('superorders.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('article_type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('payment_changed_at', 'text')
    .addColumn('voucher_option_code', 'text')
    .addColumn('voucher_details', 'text')
    .addColumn('price_amount', 'integer', (col) => col.notNull())
    // 0 when the article is no longer sold: reorder is not available.
    .addColumn('reorderable', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('orders_superorder_position')
    .on('orders')
    .columns(['superorder_id', 'position'])
    .execute();
  await db.schema
    .createIndex('orders_user_article')
    .on('orders')
    .columns(['user_id', 'article_type'])
    .execute();

  await db.schema
    .createTable('delivery_address_changes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('superorder_id', 'text', (col) =>
      col.notNull().references('superorders.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delivery_type', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    // `pending` until the retailer applies it, then `applied`.
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('applied_at', 'text')
    .execute();
  await db.schema
    .createIndex('delivery_address_changes_order')
    .on('delivery_address_changes')
    .columns(['superorder_id', 'state'])
    .execute();

  await db.schema
    .createTable('order_delivery_dates')
    .addColumn('superorder_id', 'text', (col) =>
      col.primaryKey().references('superorders.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('earliest', 'text', (col) => col.notNull())
    .addColumn('latest', 'text', (col) => col.notNull())
    .addColumn('tracking_url', 'text')
    .execute();

  await db.schema
    .createTable('reorders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('superorder_id', 'text', (col) =>
      col.notNull().references('superorders.id').onDelete('cascade'),
    )
    .addColumn('shop_url', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('reorders_user').on('reorders').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reorders').execute();
  await db.schema.dropTable('order_delivery_dates').execute();
  await db.schema.dropTable('delivery_address_changes').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('superorders').execute();
}
