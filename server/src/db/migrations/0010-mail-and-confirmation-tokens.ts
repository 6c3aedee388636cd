import type { Kysely } from 'kysely';

/**
 * The development mailbox (what the local SMTP sink received) and the confirmation tokens of
 * account deletion, e-mail change and subscription links (server/src/mail/README.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mailbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('sender', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text')
    .addColumn('links', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('mailbox_recipient_received')
    .on('mailbox')
    .columns(['recipient', 'received_at'])
    .execute();
  await db.schema.createIndex('mailbox_received').on('mailbox').column('received_at').execute();

  await db.schema
    .createTable('confirmation_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  // Rate limits count the recent requests of one account (or address) and action.
  await db.schema
    .createIndex('confirmation_tokens_user_action')
    .on('confirmation_tokens')
    .columns(['user_id', 'action', 'created_at'])
    .execute();
  await db.schema
    .createIndex('confirmation_tokens_email_action')
    .on('confirmation_tokens')
    .columns(['email', 'action', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('confirmation_tokens').execute();
  await db.schema.dropTable('mailbox').execute();
}
