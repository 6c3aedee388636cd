import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { GalleryEntriesTable, WidgetsTable } from '../../db/tables/widgets.ts';

export type WidgetRow = Selectable<WidgetsTable> & {
  gallery_entry_id: string | null;
  article_type: string;
  channel: string;
};

const widgetColumns = (db: Db) =>
  db
    .selectFrom('widgets')
    .innerJoin('orders', 'orders.id', 'widgets.order_id')
    .innerJoin('superorders', 'superorders.id', 'orders.superorder_id')
    .leftJoin('gallery_entries', 'gallery_entries.widget_id', 'widgets.id')
    .selectAll('widgets')
    .select([
      'gallery_entries.id as gallery_entry_id',
      'orders.article_type',
      'superorders.channel',
    ]);

export async function findWidget(
  db: Db,
  userId: string,
  key: { code: string } | { id: string },
): Promise<WidgetRow | undefined> {
  let query = widgetColumns(db).where('widgets.user_id', '=', userId);
  query =
    'code' in key
      ? query.where('widgets.code', '=', key.code)
      : query.where('widgets.id', '=', key.id);
  return query.executeTakeFirst();
}

/** A page of the user's widgets, newest first, optionally of some orders only. */
export async function listWidgets(
  db: Db,
  userId: string,
  options: { orderCodes: string[] | undefined; offset: number; limit: number },
): Promise<{ total: number; rows: WidgetRow[] }> {
  let count = db
    .selectFrom('widgets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
  let rows = widgetColumns(db).where('widgets.user_id', '=', userId);
  // `in ()` is an error on PostgreSQL (SQLite matches nothing): no codes, no widgets.
  if (options.orderCodes?.length === 0) return { total: 0, rows: [] };
  if (options.orderCodes) {
    count = count.where('superorder_code', 'in', options.orderCodes);
    rows = rows.where('widgets.superorder_code', 'in', options.orderCodes);
  }
  const [total, page] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    rows
      .orderBy('widgets.created_at', 'desc')
      .orderBy('widgets.id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
  ]);
  return { total: Number(total.n), rows: page };
}

/** The user's product (inner order) by code, with what a widget needs of its order. */
export async function findProductForWidget(db: Db, userId: string, code: string) {
  return db
    .selectFrom('orders')
    .innerJoin('superorders', 'superorders.id', 'orders.superorder_id')
    .select([
      'orders.id',
      'orders.code',
      'orders.title',
      'orders.article_type',
      'orders.status',
      'superorders.code as order_code',
      'superorders.channel',
    ])
    .where('orders.code', '=', code)
    .where('orders.user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertWidget(
  db: Db,
  row: Omit<WidgetsTable, 'sender_name' | 'recipient_email' | 'personal_message' | 'shared_at'>,
) {
  await db
    .insertInto('widgets')
    .values({
      ...row,
      sender_name: null,
      recipient_email: null,
      personal_message: null,
      shared_at: null,
    })
    .execute();
}

export async function deleteWidget(db: Db, userId: string, code: string): Promise<boolean> {
  const result = await db
    .deleteFrom('widgets')
    .where('code', '=', code)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Shares the user made since `since` (the hourly share limit). */
export async function countSharesSince(db: Db, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('widget_shares')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records a share on the widget (its last share) and in the share log, in one transaction. */
export async function recordShare(
  db: Db,
  share: {
    id: string;
    widgetId: string;
    userId: string;
    vendorId: string;
    fromName: string;
    toEmail: string;
    personalMessage: string;
    now: string;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('widget_shares')
      .values({
        id: share.id,
        widget_id: share.widgetId,
        user_id: share.userId,
        vendor_id: share.vendorId,
        from_name: share.fromName,
        to_email: share.toEmail,
        personal_message: share.personalMessage,
        created_at: share.now,
      })
      .execute();
    await trx
      .updateTable('widgets')
      .set({
        sender_name: share.fromName,
        recipient_email: share.toEmail,
        personal_message: share.personalMessage,
        shared_at: share.now,
      })
      .where('id', '=', share.widgetId)
      .execute();
  });
}

export async function deleteShare(db: Db, id: string): Promise<void> {
  await db.deleteFrom('widget_shares').where('id', '=', id).execute();
}

export type GalleryEntryRow = Selectable<GalleryEntriesTable> & { categories: string[] };

async function withCategories(
  db: Db,
  entry: Selectable<GalleryEntriesTable> | undefined,
): Promise<GalleryEntryRow | undefined> {
  if (!entry) return undefined;
  const categories = await db
    .selectFrom('gallery_entry_categories')
    .innerJoin(
      'gallery_categories',
      'gallery_categories.id',
      'gallery_entry_categories.category_id',
    )
    .select('gallery_categories.name')
    .where('gallery_entry_categories.entry_id', '=', entry.id)
    .orderBy('gallery_categories.position')
    .execute();
  return { ...entry, categories: categories.map((row) => row.name) };
}

export async function findGalleryEntry(
  db: Db,
  userId: string,
  key: { id: string } | { widgetId: string },
): Promise<GalleryEntryRow | undefined> {
  let query = db.selectFrom('gallery_entries').selectAll().where('user_id', '=', userId);
  query =
    'id' in key ? query.where('id', '=', key.id) : query.where('widget_id', '=', key.widgetId);
  return withCategories(db, await query.executeTakeFirst());
}

export async function listCategories(db: Db) {
  return db.selectFrom('gallery_categories').selectAll().orderBy('position').execute();
}

/** Category ids by name, for the names that exist. */
export async function categoryIdsByName(
  db: Db,
  names: readonly string[],
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('gallery_categories')
    .select(['id', 'name'])
    .where('name', 'in', [...names])
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

export async function insertGalleryEntry(
  db: Db,
  entry: Selectable<GalleryEntriesTable>,
  categoryIds: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('gallery_entries').values(entry).execute();
    if (categoryIds.length)
      await trx
        .insertInto('gallery_entry_categories')
        .values(categoryIds.map((category_id) => ({ entry_id: entry.id, category_id })))
        .execute();
  });
}

export async function updateGalleryEntry(
  db: Db,
  entryId: string,
  change: { title?: string; categoryIds?: readonly string[]; now: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('gallery_entries')
      .set({ updated_at: change.now, ...(change.title ? { title: change.title } : {}) })
      .where('id', '=', entryId)
      .execute();
    if (change.categoryIds) {
      await trx.deleteFrom('gallery_entry_categories').where('entry_id', '=', entryId).execute();
      if (change.categoryIds.length)
        await trx
          .insertInto('gallery_entry_categories')
          .values(change.categoryIds.map((category_id) => ({ entry_id: entryId, category_id })))
          .execute();
    }
  });
}

export async function deleteGalleryEntry(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('gallery_entries')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function isOrderBlocked(db: Db, orderCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocked_orders')
    .select('order_code')
    .where('order_code', '=', orderCode)
    .executeTakeFirst();
  return row !== undefined;
}
