import type { Kysely } from 'kysely';

/** Saved projects (docs/product.md#data): pages of the newest changed first, one index range. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_projects')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('article_type', 'text', (col) => col.notNull())
    .addColumn('product_title', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('page_count', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('saved_projects_user_updated')
    .on('saved_projects')
    .columns(['user_id', 'updated_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_projects').execute();
}
