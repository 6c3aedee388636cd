import type { Kysely } from 'kysely';

/**
 * The customer API's personal details, addresses and payment method
 * (docs/product.md#apis Customer API, docs/product.md#validation address rules).
 * A payment card is never stored: only its brand, last four digits, expiry and a token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('first_name', 'text').execute();
  await db.schema.alterTable('users').addColumn('last_name', 'text').execute();
  await db.schema.alterTable('users').addColumn('phone_number', 'text').execute();

  await db.schema
    .createTable('customer_addresses')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('company_name', 'text')
    .addColumn('vat_number', 'text')
    .addColumn('street_name', 'text', (col) => col.notNull())
    .addColumn('street_number', 'text', (col) => col.notNull())
    .addColumn('address_line2', 'text')
    .addColumn('postal_code', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('customer_addresses_user')
    .on('customer_addresses')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('card_brand', 'text')
    .addColumn('last4', 'text')
    .addColumn('expiry_month', 'integer')
    .addColumn('expiry_year', 'integer')
    .addColumn('holder_name', 'text')
    .addColumn('paypal_email', 'text')
    .addColumn('iban_last4', 'text')
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_methods').execute();
  await db.schema.dropTable('customer_addresses').execute();
  await db.schema.alterTable('users').dropColumn('phone_number').execute();
  await db.schema.alterTable('users').dropColumn('last_name').execute();
  await db.schema.alterTable('users').dropColumn('first_name').execute();
}
