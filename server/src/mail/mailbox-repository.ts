import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

export interface ReceivedMail {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  receivedAt: string;
}

/** How many mails the development mailbox keeps; older ones are dropped as new ones arrive. */
export const MAILBOX_KEEP = 1000;

/** Stores one mail per recipient (the `to` filter of `/dev/mailbox.json` is then one index range). */
export async function insertReceivedMail(
  db: Db,
  mail: Omit<ReceivedMail, 'id' | 'to' | 'receivedAt'>,
  recipients: readonly string[],
): Promise<void> {
  const receivedAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const recipient of recipients) {
      await trx
        .insertInto('mailbox')
        .values({
          id: randomUUID(),
          recipient: recipient.trim().toLowerCase(),
          sender: mail.from,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          links: JSON.stringify(mail.links),
          received_at: receivedAt,
        })
        .execute();
    }
    const cutoff = await trx
      .selectFrom('mailbox')
      .select('received_at')
      .orderBy('received_at', 'desc')
      .offset(MAILBOX_KEEP)
      .limit(1)
      .executeTakeFirst();
    if (cutoff)
      await trx.deleteFrom('mailbox').where('received_at', '<=', cutoff.received_at).execute();
  });
}

/** Newest first; `to` filters by recipient (case-insensitive). */
export async function listReceivedMail(
  db: Db,
  { to, limit }: { to?: string; limit: number },
): Promise<ReceivedMail[]> {
  let query = db.selectFrom('mailbox').selectAll();
  if (to) query = query.where('recipient', '=', to.trim().toLowerCase());
  const rows = await query
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    from: row.sender,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    links: JSON.parse(row.links) as string[],
    receivedAt: row.received_at,
  }));
}
