import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';

export interface StoredAnalyticsEvent {
  id: string;
  userId: string;
  host: string;
  kind: string;
  name: string;
  variant: string | null;
  occurredAt: string;
  receivedAt: string;
}

export async function insertAnalyticsEvents(
  db: Db,
  events: Omit<StoredAnalyticsEvent, 'id' | 'receivedAt'>[],
): Promise<void> {
  if (events.length === 0) return;
  const receivedAt = new Date().toISOString();
  await db
    .insertInto('analytics_events')
    .values(
      events.map((event) => ({
        id: randomUUID(),
        user_id: event.userId,
        host: event.host,
        kind: event.kind,
        name: event.name,
        variant: event.variant,
        occurred_at: event.occurredAt,
        received_at: receivedAt,
      })),
    )
    .execute();
}

export async function listAnalyticsEvents(
  db: Db,
  filter: { host?: string; userId?: string; limit: number },
): Promise<StoredAnalyticsEvent[]> {
  let query = db.selectFrom('analytics_events').selectAll();
  if (filter.host) query = query.where('host', '=', filter.host);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  const rows = await query
    .orderBy('received_at', 'desc')
    .orderBy('occurred_at', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    host: row.host,
    kind: row.kind,
    name: row.name,
    variant: row.variant,
    occurredAt: row.occurred_at,
    receivedAt: row.received_at,
  }));
}
