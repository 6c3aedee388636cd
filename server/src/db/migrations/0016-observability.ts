import type { Kysely } from 'kysely';

/**
 * Error reports, CSP violation reports, analytics events and A/B test assignments
 * (docs/product.md, "Page furniture"). Reports are kept per brand host and time, scrubbed of
 * tokens and e-mail addresses before they are written; analytics events and assignments belong
 * to an account and go with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('correlation_id', 'text')
    .addColumn('path', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('error_reports_received')
    .on('error_reports')
    .columns(['host', 'received_at'])
    .execute();
  await db.schema
    .createTable('csp_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('document_path', 'text')
    .addColumn('directive', 'text')
    .addColumn('blocked', 'text')
    .addColumn('disposition', 'text')
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('experiment_assignments')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('experiment', 'text', (col) => col.notNull())
    .addColumn('variant', 'text', (col) => col.notNull())
    .addColumn('assigned_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('experiment_assignments_pk', ['user_id', 'experiment'])
    .execute();
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('variant', 'text')
    .addColumn('occurred_at', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_user')
    .on('analytics_events')
    .columns(['user_id', 'received_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute();
  await db.schema.dropTable('experiment_assignments').execute();
  await db.schema.dropTable('csp_reports').execute();
  await db.schema.dropTable('error_reports').execute();
}
