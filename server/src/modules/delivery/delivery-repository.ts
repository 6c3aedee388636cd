import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrderDeliveryDatesTable } from '../../db/tables/orders.ts';

/** Delivery dates of one of the user's superorders, with its current delivery type. */
export async function findDeliveryDates(
  db: Db,
  userId: string,
  superorderId: string,
): Promise<(Selectable<OrderDeliveryDatesTable> & { delivery_type: string | null }) | undefined> {
  return db
    .selectFrom('order_delivery_dates')
    .innerJoin('superorders', 'superorders.id', 'order_delivery_dates.superorder_id')
    .selectAll('order_delivery_dates')
    .select('superorders.delivery_type')
    .where('order_delivery_dates.superorder_id', '=', superorderId)
    .where('order_delivery_dates.user_id', '=', userId)
    .executeTakeFirst();
}

export async function listArticleGroups(db: Db) {
  return db.selectFrom('article_groups').selectAll().orderBy('position').execute();
}

export async function findCampaign(db: Db, name: string) {
  const campaign = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('name', '=', name)
    .executeTakeFirst();
  if (!campaign) return undefined;
  const cutOffs = await db
    .selectFrom('campaign_cut_offs')
    .selectAll()
    .where('campaign_name', '=', name)
    .orderBy('order_before')
    .execute();
  return { campaign, cutOffs };
}
