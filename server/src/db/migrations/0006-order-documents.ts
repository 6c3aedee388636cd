import type { Kysely } from 'kysely';

/**
 * Order documents: product files (the print PDF is purpose `product.pdf`), historical invoices
 * and monthly invoice group files. Rows point at files below `{DATA_DIR}/documents/{userId}/`
 * (`storage_path` is relative to that folder), so removing the folder removes every file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('storage_path', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('product_files_order_purpose', ['order_id', 'purpose'])
    .execute();
  await db.schema
    .createIndex('product_files_user_purpose')
    .on('product_files')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('invoice_group_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('storage_path', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_group_files_user')
    .on('invoice_group_files')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('historical_invoices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('superorder_id', 'text', (col) =>
      col.notNull().references('superorders.id').onDelete('cascade'),
    )
    .addColumn('order_ref', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('invoice_number', 'text', (col) => col.notNull().unique())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('total_amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('group_file_id', 'text', (col) =>
      col.references('invoice_group_files.id').onDelete('set null'),
    )
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('storage_path', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('historical_invoices_user_issued')
    .on('historical_invoices')
    .columns(['user_id', 'issued_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('historical_invoices').execute();
  await db.schema.dropTable('invoice_group_files').execute();
  await db.schema.dropTable('product_files').execute();
}
