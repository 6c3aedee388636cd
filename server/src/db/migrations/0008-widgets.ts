import type { Kysely } from 'kysely';

/**
 * Widgets and the gallery (docs/product.md#data): a widget per ordered product, its e-mail
 * shares, at most one gallery entry per widget with categories, and blocked orders (an order
 * whose widgets the public gallery must hide).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('widgets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (col) =>
      col.notNull().unique().references('orders.id').onDelete('cascade'),
    )
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('superorder_code', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('vendor_id', 'text', (col) => col.notNull())
    .addColumn('shop_url', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sender_name', 'text')
    .addColumn('recipient_email', 'text')
    .addColumn('personal_message', 'text')
    .addColumn('shared_at', 'text')
    .execute();
  await db.schema
    .createIndex('widgets_user_created')
    .on('widgets')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('widget_shares')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('widget_id', 'text', (col) =>
      col.notNull().references('widgets.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vendor_id', 'text', (col) => col.notNull())
    .addColumn('from_name', 'text', (col) => col.notNull())
    .addColumn('to_email', 'text', (col) => col.notNull())
    .addColumn('personal_message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('widget_shares_user_created')
    .on('widget_shares')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('gallery_categories')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('gallery_entries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('widget_id', 'text', (col) =>
      col.notNull().unique().references('widgets.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('gallery_entry_categories')
    .addColumn('entry_id', 'text', (col) =>
      col.notNull().references('gallery_entries.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'text', (col) =>
      col.notNull().references('gallery_categories.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('gallery_entry_categories_pk', ['entry_id', 'category_id'])
    .execute();

  await db.schema
    .createTable('blocked_orders')
    .addColumn('order_code', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('blocked_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blocked_orders').execute();
  await db.schema.dropTable('gallery_entry_categories').execute();
  await db.schema.dropTable('gallery_entries').execute();
  await db.schema.dropTable('gallery_categories').execute();
  await db.schema.dropTable('widget_shares').execute();
  await db.schema.dropTable('widgets').execute();
}
