import type { Db } from '../../db/database.ts';

/** Records (or renews) a pending double opt-in; a confirmed subscription stays confirmed. */
export async function upsertPendingSubscription(
  db: Db,
  email: string,
  channel: string,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('email_subscriptions')
    .values({ email, channel, status: 'pending', requested_at: now, confirmed_at: null })
    .onConflict((oc) => oc.column('email').doUpdateSet({ channel, requested_at: now }))
    .execute();
}

export async function confirmSubscription(db: Db, email: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('email_subscriptions')
    .set({ status: 'confirmed', confirmed_at: now })
    .where('email', '=', email)
    .execute();
}

export function findSubscription(db: Db, email: string) {
  return db
    .selectFrom('email_subscriptions')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
}
