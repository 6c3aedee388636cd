import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ExpressionBuilder } from 'kysely';
import type {
  DeliveryAddress,
  DeliveryType,
  OrderStateFilter,
} from '@photo/core/api/schemas/order';
import { PRODUCT_PDF_PURPOSE } from '@photo/core/api/schemas/product';
import { databaseKind } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { preparedRead } from '../../db/prepared-reads.ts';
import type { PresentedFormat } from '../../db/presented-formats.ts';
import { ORDER_LIST_JSON_VERSION, orderListJson } from './order-presenter.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type {
  OrderLineRow,
  PendingChangeRow,
  PresentedLineRow,
  PresentedPendingRow,
  SuperOrderRow,
} from './order-rows.ts';

/** The caller's superorders in `state` (unpaid orders past their payment window are expired). */
function superordersIn(db: Db, userId: string, state: OrderStateFilter, now: string) {
  const base = db.selectFrom('superorders').where('superorders.user_id', '=', userId);
  if (state === 'notExpired')
    return base.where((eb) =>
      eb.or([
        eb('superorders.payment_expires_at', 'is', null),
        eb('superorders.payment_expires_at', '>', now),
      ]),
    );
  if (state === 'expired') return base.where('superorders.payment_expires_at', '<=', now);
  return base;
}

const stateParams = (userId: string, state: OrderStateFilter, now: string) =>
  state === 'all' ? [userId] : [userId, now];

/**
 * How many superorders the caller has in `state`: answered from an index alone (the
 * `payment_expires_at` test included, migration 0019), not from the rows. Exported for the
 * query-plan test.
 */
export function superOrderCountQuery(db: Db, userId: string, state: OrderStateFilter, now: string) {
  return superordersIn(db, userId, state, now).select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * The page's range of the caller's superorders in `state`, newest first (select what you need
 * from it). Exported for the query-plan test.
 */
export function superOrderPageQuery(
  db: Db,
  userId: string,
  options: { offset: number; limit: number; state: OrderStateFilter; now: string },
) {
  return superordersIn(db, userId, options.state, options.now)
    .orderBy('superorders.created_at', 'desc')
    .orderBy('superorders.id', 'desc')
    .limit(options.limit)
    .offset(options.offset);
}

/**
 * The next payment deadline after `now`: one seek in the (user_id, payment_expires_at) index.
 * Exported for the query-plan test.
 */
export function nextPaymentDeadlineQuery(db: Db, userId: string, now: string) {
  return db
    .selectFrom('superorders')
    .select((eb) => eb.fn.min('payment_expires_at').as('deadline'))
    .where('user_id', '=', userId)
    .where('payment_expires_at', '>', now);
}

/** A superorder with its lines (in order) and its pending address change, as presented. */
export interface SuperOrderWithLines {
  row: SuperOrderRow;
  lines: PresentedLineRow[];
  pending: PresentedPendingRow | undefined;
}

/** A line's values as the lines query's JSON carries them, in this order. */
const lineValues = (eb: ExpressionBuilder<DatabaseSchema, 'orders'>) =>
  sql.join([
    sql.ref('orders.id'),
    sql.ref('orders.code'),
    sql.ref('orders.article_type'),
    sql.ref('orders.title'),
    sql.ref('orders.quantity'),
    sql.ref('orders.status'),
    sql.ref('orders.label'),
    sql.ref('orders.payment_changed_at'),
    sql.ref('orders.voucher_option_code'),
    sql.ref('orders.voucher_details'),
    sql.ref('orders.price_amount'),
    hasPdfValue(eb),
  ]);

type LineValues = [
  string,
  string,
  string,
  string,
  number,
  OrderLineRow['status'],
  OrderLineRow['label'],
  string | null,
  string | null,
  string | null,
  number,
  number,
];

const lineFromValues = (v: LineValues): PresentedLineRow => ({
  id: v[0],
  code: v[1],
  article_type: v[2],
  title: v[3],
  quantity: v[4],
  status: v[5],
  label: v[6],
  payment_changed_at: v[7],
  voucher_option_code: v[8],
  voucher_details: v[9],
  price_amount: v[10],
  has_pdf: v[11],
});

/**
 * These superorders, each with its lines and its pending address change as JSON text built by
 * the database (`[[…line values], …]` in position order, and `[requested_at, address]` or
 * null): one statement, each order found by its key, its lines read through (superorder_id,
 * position), the PDF flag through (order_id, purpose) and the change through (superorder_id,
 * state). Arrays rather than objects: no key repeated per value to build and parse. Exported
 * for the query-plan test.
 */
export function superOrdersWithLinesQuery(db: Db, ids: readonly string[]) {
  const postgres = databaseKind(db) === 'postgres';
  return db
    .selectFrom('superorders')
    .where('superorders.id', 'in', ids)
    .selectAll('superorders')
    .select((eb) => [
      eb
        .selectFrom('orders')
        .select((inner) => {
          const values = lineValues(inner);
          const position = sql.ref('orders.position');
          return (
            postgres
              ? sql<string>`coalesce(json_agg(json_build_array(${values}) order by ${position})::text, '[]')`
              : sql<string>`json_group_array(json_array(${values}) order by ${position})`
          ).as('lines');
        })
        .whereRef('orders.superorder_id', '=', 'superorders.id')
        .as('lines'),
      eb
        .selectFrom('delivery_address_changes')
        .select(() => {
          const values = sql.join([
            sql.ref('delivery_address_changes.requested_at'),
            sql.ref('delivery_address_changes.address'),
          ]);
          return (
            postgres
              ? sql<string | null>`json_build_array(${values})::text`
              : sql<string | null>`json_array(${values})`
          ).as('pending');
        })
        .whereRef('delivery_address_changes.superorder_id', '=', 'superorders.id')
        .where('delivery_address_changes.state', '=', 'pending')
        .orderBy('delivery_address_changes.requested_at', 'desc')
        .limit(1)
        .as('pending'),
    ]);
}

/** These superorders with their lines and pending changes ({@link superOrdersWithLinesQuery}). */
export async function superOrdersWithLines(
  db: Db,
  ids: readonly string[],
): Promise<SuperOrderWithLines[]> {
  if (ids.length === 0) return [];
  const rows = await superOrdersWithLinesQuery(db, ids).execute();
  return rows.map(({ lines, pending, ...row }): SuperOrderWithLines => {
    const change = pending === null ? null : (JSON.parse(pending) as [string, string]);
    return {
      row,
      lines: (JSON.parse(lines ?? '[]') as LineValues[]).map(lineFromValues),
      pending: change ? { requested_at: change[0], address: change[1] } : undefined,
    };
  });
}

/**
 * The order list's stored JSON: a new format clears it, and each page builds and stores its
 * orders' JSON again as it reads them (as for an order that never had one).
 */
export const ORDER_LIST_FORMAT: PresentedFormat = {
  name: 'superorders.list_json',
  version: ORDER_LIST_JSON_VERSION,
  rebuild: async (db) => {
    await db.updateTable('superorders').set({ list_json: null }).execute();
  },
};

/** Rows a statement may name at once (SQLite allows 32,766 parameters; PostgreSQL 65,535). */
const IDS_PER_STATEMENT = 500;

/**
 * Builds and stores the list JSON of these superorders (`orderListJson`, column `list_json`)
 * from their rows as they are now. Every write to an order, its lines, their PDFs or its
 * address changes calls it, in the same transaction (docs/architecture.md "Order list").
 * `onlyMissing`: the list filling rows it found without one; a row an order's write filled
 * meanwhile keeps that write's JSON. Answers the JSON by superorder id.
 */
export async function storeOrderListJson(
  db: Db,
  ids: readonly string[],
  options: { onlyMissing?: boolean } = {},
): Promise<Map<string, string>> {
  // One transaction for the lot (many orders when seeding): one commit instead of one a row.
  if (!db.isTransaction && ids.length > 1)
    return db.transaction().execute((trx) => storeOrderListJson(trx, ids, options));
  const stored = new Map<string, string>();
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    for (const order of await superOrdersWithLines(db, ids.slice(i, i + IDS_PER_STATEMENT))) {
      const json = orderListJson(order.row, order.lines, order.pending);
      let update = db
        .updateTable('superorders')
        .set({ list_json: json })
        .where('id', '=', order.row.id);
      if (options.onlyMissing) update = update.where('list_json', 'is', null);
      await update.execute();
      stored.set(order.row.id, json);
    }
  }
  return stored;
}

/**
 * A page of the caller's superorders, newest first, as their stored list JSON (each with its
 * lines and pending address change, product names marked for `localiseOrderList`), and the
 * total for `state`: two statements whatever the page's size, the count from an index alone
 * and the page's range of the (user_id, created_at, id, payment_expires_at) index with each
 * row's `list_json`. Reading every line and presenting and serialising it again cost three
 * times the static baseline's CPU (README, bench:orders). An order without its JSON yet (from
 * before migration 0022) is built and stored here once. Hot path of the order screens (read
 * page by page until the total), so every statement has a fixed shape and is prepared once
 * (docs/architecture.md, server performance).
 */
export async function listSuperOrderPage(
  db: Db,
  userId: string,
  options: { offset: number; limit: number; state: OrderStateFilter; now: string },
): Promise<{ total: number; orders: string[] }> {
  const { state, now, limit, offset } = options;
  const filter = stateParams(userId, state, now);
  const [count] = await preparedRead(db, `superorders-count|${state}`, filter, () =>
    superOrderCountQuery(db, userId, state, now),
  );
  const total = Number(count?.n ?? 0);
  if (offset >= total) return { total, orders: [] };
  const rows = await preparedRead(
    db,
    `superorders-page-json|${state}`,
    [...filter, limit, offset],
    () =>
      superOrderPageQuery(db, userId, options).select(['superorders.id', 'superorders.list_json']),
  );
  const missing = rows.flatMap((row) => (row.list_json === null ? [row.id] : []));
  const built = missing.length
    ? await storeOrderListJson(db, missing, { onlyMissing: true })
    : undefined;
  return { total, orders: rows.map((row) => row.list_json ?? built!.get(row.id)!) };
}

/** The user's next payment deadline after `now` (an order then becomes expired), or null. */
export async function nextPaymentDeadline(
  db: Db,
  userId: string,
  now: string,
): Promise<string | null> {
  const [row] = await preparedRead(db, 'superorders-next-deadline', [userId, now], () =>
    nextPaymentDeadlineQuery(db, userId, now),
  );
  return (row?.deadline as string | null | undefined) ?? null;
}

export async function findSuperOrderByCode(
  db: Db,
  userId: string,
  code: string,
): Promise<SuperOrderRow | undefined> {
  return db
    .selectFrom('superorders')
    .selectAll()
    .where('code', '=', code)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findSuperOrderById(
  db: Db,
  userId: string,
  id: string,
): Promise<SuperOrderRow | undefined> {
  return db
    .selectFrom('superorders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * `has_pdf` of an inner order: whether a `product.pdf` file row exists (unique index alone),
 * as 1 or 0 on both dialects (PostgreSQL's `exists` alone answers a boolean).
 */
const hasPdfValue = (eb: ExpressionBuilder<DatabaseSchema, 'orders'>) =>
  eb
    .case()
    .when(
      eb.exists(
        eb
          .selectFrom('product_files')
          // A constant, so the (order_id, purpose) index answers without reading the row.
          .select(eb.lit(1).as('one'))
          .whereRef('product_files.order_id', '=', 'orders.id')
          .where('product_files.purpose', '=', PRODUCT_PDF_PURPOSE),
      ),
    )
    .then(eb.lit(1))
    .else(eb.lit(0))
    .end();

const hasPdf = (eb: ExpressionBuilder<DatabaseSchema, 'orders'>) => hasPdfValue(eb).as('has_pdf');

/** The lines of these superorders, in order, each with `has_pdf`. */
export async function linesOf(db: Db, superorderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (superorderIds.length === 0) return [];
  return db
    .selectFrom('orders')
    .selectAll('orders')
    .select(hasPdf)
    .where('superorder_id', 'in', superorderIds)
    .orderBy('superorder_id')
    .orderBy('position')
    .execute() as Promise<OrderLineRow[]>;
}

export async function pendingChangesOf(
  db: Db,
  superorderIds: readonly string[],
): Promise<PendingChangeRow[]> {
  if (superorderIds.length === 0) return [];
  return db
    .selectFrom('delivery_address_changes')
    .selectAll()
    .where('superorder_id', 'in', superorderIds)
    .where('state', '=', 'pending')
    .orderBy('requested_at', 'desc')
    .execute();
}

/** An inner order of the caller by id or by product code, with its superorder. */
export async function findOrderLine(
  db: Db,
  userId: string,
  key: { id: string } | { code: string },
): Promise<{ line: OrderLineRow; superorder: SuperOrderRow } | undefined> {
  let query = db
    .selectFrom('orders')
    .selectAll('orders')
    .select(hasPdf)
    .where('orders.user_id', '=', userId);
  query =
    'id' in key ? query.where('orders.id', '=', key.id) : query.where('orders.code', '=', key.code);
  const line = (await query.executeTakeFirst()) as OrderLineRow | undefined;
  if (!line) return undefined;
  const superorder = await findSuperOrderById(db, userId, line.superorder_id);
  return superorder ? { line, superorder } : undefined;
}

export type AccountOrderRow = OrderLineRow & {
  super_code: string;
  super_created_at: string;
  super_channel: string;
  super_currency: string;
};

/** Inner orders of the caller, newest order first, optionally of some article types only. */
export async function listAccountOrders(
  db: Db,
  userId: string,
  options: { articleTypes: string[] | undefined; offset: number; limit: number },
): Promise<{ total: number; rows: AccountOrderRow[] }> {
  const { articleTypes, limit, offset } = options;
  const count = () => {
    const query = db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orders.user_id', '=', userId);
    return articleTypes ? query.where('orders.article_type', 'in', articleTypes) : query;
  };
  // Driven by the superorders' (user_id, created_at, id) index, so a page stops after
  // `offset + limit` lines instead of sorting all of them.
  const page = () => {
    const query = db
      .selectFrom('superorders')
      .innerJoin('orders', 'orders.superorder_id', 'superorders.id')
      .selectAll('orders')
      .select((eb) => [
        hasPdf(eb),
        'superorders.code as super_code',
        'superorders.created_at as super_created_at',
        'superorders.channel as super_channel',
        'superorders.currency as super_currency',
      ])
      .where('superorders.user_id', '=', userId);
    return (articleTypes ? query.where('orders.article_type', 'in', articleTypes) : query)
      .orderBy('superorders.created_at', 'desc')
      .orderBy('superorders.id', 'desc')
      .orderBy('orders.position')
      .limit(limit)
      .offset(offset);
  };
  if (articleTypes) {
    // The IN list changes the statement's text: not worth a prepared statement per list.
    const [total, rows] = await Promise.all([count().executeTakeFirstOrThrow(), page().execute()]);
    return { total: Number(total.n), rows: rows as AccountOrderRow[] };
  }
  const [total] = await preparedRead(db, 'account-orders-count', [userId], count);
  const rows = await preparedRead(
    db,
    'account-orders-page',
    [PRODUCT_PDF_PURPOSE, userId, limit, offset],
    page,
  );
  return { total: Number(total?.n ?? 0), rows: rows as AccountOrderRow[] };
}

/** Applies a delivery change at once (before production): address and type, and its record. */
export async function applyDeliveryChange(
  db: Db,
  superorder: SuperOrderRow,
  change: { deliveryType: DeliveryType; address: DeliveryAddress; now: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('delivery_address_changes')
      .set({ state: 'applied', applied_at: change.now })
      .where('superorder_id', '=', superorder.id)
      .where('state', '=', 'pending')
      .execute();
    await trx
      .insertInto('delivery_address_changes')
      .values({
        id: randomUUID(),
        superorder_id: superorder.id,
        user_id: superorder.user_id,
        delivery_type: change.deliveryType,
        address: JSON.stringify(change.address),
        state: 'applied',
        requested_at: change.now,
        applied_at: change.now,
      })
      .execute();
    await trx
      .updateTable('superorders')
      .set({ delivery_type: change.deliveryType, delivery_address: JSON.stringify(change.address) })
      .where('id', '=', superorder.id)
      .execute();
    await storeOrderListJson(trx, [superorder.id]);
  });
}

/**
 * Records a delivery change the retailer applies later (in production): it replaces an earlier
 * pending one, and the order has no delivery type until it is applied.
 */
export async function requestDeliveryChange(
  db: Db,
  superorder: SuperOrderRow,
  change: { deliveryType: DeliveryType; address: DeliveryAddress; now: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('delivery_address_changes')
      .where('superorder_id', '=', superorder.id)
      .where('state', '=', 'pending')
      .execute();
    await trx
      .insertInto('delivery_address_changes')
      .values({
        id: randomUUID(),
        superorder_id: superorder.id,
        user_id: superorder.user_id,
        delivery_type: change.deliveryType,
        address: JSON.stringify(change.address),
        state: 'pending',
        requested_at: change.now,
        applied_at: null,
      })
      .execute();
    await trx
      .updateTable('superorders')
      .set({ delivery_type: null })
      .where('id', '=', superorder.id)
      .execute();
    await storeOrderListJson(trx, [superorder.id]);
  });
}
