import type { Kysely } from 'kysely';

/**
 * The retailer's catalogue data the account area reads: article groups and delivery
 * campaigns with cut-off dates, voucher offers, merchandise channels with their articles.
 * Shared by all users (no user_id): nobody's personal data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('article_groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('article_types', 'text', (col) => col.notNull())
    .addColumn('production_days', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('campaign_cut_offs')
    .addColumn('campaign_name', 'text', (col) =>
      col.notNull().references('campaigns.name').onDelete('cascade'),
    )
    .addColumn('article_group_id', 'text', (col) =>
      col.notNull().references('article_groups.id').onDelete('cascade'),
    )
    .addColumn('order_before', 'text', (col) => col.notNull())
    .addColumn('delivered_by', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('campaign_cut_offs_pk', ['campaign_name', 'article_group_id'])
    .execute();

  await db.schema
    .createTable('voucher_offers')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('campaign_name', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('discount_type', 'text', (col) => col.notNull())
    .addColumn('discount_value', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text')
    .addColumn('article_types', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('valid_from', 'text', (col) => col.notNull())
    .addColumn('valid_until', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('merchandise_channels')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('vendor_id', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('shop_url', 'text', (col) => col.notNull())
    .addColumn('currency_id', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('merchandise_channels_vendor_locale')
    .on('merchandise_channels')
    .columns(['vendor_id', 'locale'])
    .execute();

  await db.schema
    .createTable('merchandise_articles')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('channel_id', 'text', (col) =>
      col.notNull().references('merchandise_channels.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('article_type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('page_height', 'double precision', (col) => col.notNull())
    .addColumn('page_width', 'double precision', (col) => col.notNull())
    .addColumn('visible', 'integer', (col) => col.notNull())
    .addColumn('links', 'text', (col) => col.notNull())
    .addColumn('border', 'text')
    .addColumn('cover_text', 'text')
    .addColumn('cover_type', 'text')
    .addColumn('paper', 'text')
    .addColumn('print_size', 'text')
    .addColumn('options', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('merchandise_articles_channel')
    .on('merchandise_articles')
    .columns(['channel_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('merchandise_articles').execute();
  await db.schema.dropTable('merchandise_channels').execute();
  await db.schema.dropTable('voucher_offers').execute();
  await db.schema.dropTable('campaign_cut_offs').execute();
  await db.schema.dropTable('campaigns').execute();
  await db.schema.dropTable('article_groups').execute();
}
