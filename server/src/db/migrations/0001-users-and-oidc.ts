import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('idp_type', 'text', (col) => col.notNull())
    .addColumn('idp_sub', 'text', (col) => col.notNull())
    .addColumn('authentication_method', 'text', (col) => col.notNull())
    .addColumn('activation_status', 'text', (col) => col.notNull())
    .addColumn('business_status', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();

  // oidc-provider's adapter storage: one row per model instance (sessions, codes, tokens …).
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['type', 'id'])
    .execute();
  await db.schema
    .createIndex('oidc_payloads_grant')
    .on('oidc_payloads')
    .column('grant_id')
    .execute();
  await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
  await db.schema
    .createIndex('oidc_payloads_expiry')
    .on('oidc_payloads')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_payloads').execute();
  await db.schema.dropTable('users').execute();
}
