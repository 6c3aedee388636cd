/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are checked with the shared schemas or field by field */
import type { Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountOrderPageSchema,
  accountOrderSchema,
  internalOrderStatusSchema,
  isOrderInProgress,
  orderLabelSchema,
  superOrderPageSchema,
  superOrderSchema,
} from '@photo/core/api/schemas/order';
import type { SuperOrder } from '@photo/core/api/schemas/order';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { queryPlan } from '../../src/testing/query-plan.ts';
import {
  linesOf,
  listSuperOrderPage,
  nextPaymentDeadlineQuery,
  pendingChangesOf,
  superOrderCountQuery,
  superOrderPageQuery,
  superOrdersWithLinesQuery,
} from '../../src/modules/orders/orders-repository.ts';
import {
  localiseOrderList,
  orderListJson,
  presentSuperOrder,
  superOrderPageJson,
} from '../../src/modules/orders/order-presenter.ts';
import { demoOrderCode, ORDER_CASES } from '../../src/seed/orders.ts';
import { demoUserId } from '../../src/seed/users.ts';
import type { Client, OrderTestServer } from './order-test-server.ts';
import { startOrderTestServer } from './order-test-server.ts';

/**
 * The SQL a block sends, counted at the two drivers (SQLite statements run, PostgreSQL queries
 * sent), not by mocking the module that sends it: the server's test workers share loaded
 * modules between files, so a module mock here may not reach a repository another file loaded.
 */
async function sqlSentBy(block: () => Promise<unknown>): Promise<string[]> {
  const probe = new BetterSqlite3(':memory:');
  const statements = Object.getPrototypeOf(probe.prepare('SELECT 1')) as BetterSqlite3.Statement;
  probe.close();
  const run = vi.spyOn(statements, 'all');
  const sent = vi.spyOn(pg.Pool.prototype, 'query');
  try {
    await block();
    return [
      ...(run.mock.contexts as BetterSqlite3.Statement[]).map((statement) => statement.source),
      ...sent.mock.calls.map(([query]) =>
        typeof query === 'string' ? query : (query as { text: string }).text,
      ),
    ];
  } finally {
    run.mockRestore();
    sent.mockRestore();
  }
}

let t: OrderTestServer;
beforeAll(async () => {
  t = await startOrderTestServer();
}, 120_000);
afterAll(async () => t?.server.close());

const orders = '/api/orders';

/** Every superorder of a user, read page by page like the client does. */
async function allOrders(user: Client, state = 'notExpired', limit = 100): Promise<SuperOrder[]> {
  const items: SuperOrder[] = [];
  for (let offset = 0; ; offset += limit) {
    const { status, body } = await user.get(
      `${orders}/v2/superorders/me?Offset=${offset}&Limit=${limit}&OrderState=${state}`,
    );
    expect(status).toBe(200);
    const page = superOrderPageSchema.parse(body);
    items.push(...page.items);
    if (items.length >= page.total || page.items.length === 0) return items;
  }
}

describe('GET /v2/superorders/me', () => {
  it('defaults to Offset 0, Limit 100, OrderState notExpired, newest first', async () => {
    const { status, body } = await t.demo.get(`${orders}/v2/superorders/me`);
    expect(status).toBe(200);
    const page = superOrderPageSchema.parse(body);
    expect([page.offset, page.limit]).toEqual([0, 100]);
    // Every case and 24 history orders, less the expired one.
    expect(page.total).toBe(ORDER_CASES.length + 24 - 1);
    expect(page.items.length).toBe(page.total);
    const created = page.items.map((order) => order.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(page.items.map((o) => o.superOrderCode)).not.toContain(demoOrderCode('demo', 'expired'));
  });

  it('pages by Offset/Limit until the total, with no order twice', async () => {
    const paged = await allOrders(t.demo, 'notExpired', 7);
    const whole = await allOrders(t.demo);
    expect(paged.map((o) => o.superOrderCode)).toEqual(whole.map((o) => o.superOrderCode));
    expect(new Set(paged.map((o) => o.id)).size).toBe(paged.length);
    const beyond = await t.demo.get(`${orders}/v2/superorders/me?Offset=1000&Limit=5`);
    expect(beyond.body.items).toEqual([]);
    expect(beyond.body.total).toBe(whole.length);
  });

  it('OrderState=expired lists only unpaid orders past their payment window; all lists both', async () => {
    const expired = await allOrders(t.demo, 'expired');
    expect(expired.map((o) => o.superOrderCode)).toEqual([demoOrderCode('demo', 'expired')]);
    expect(expired[0]!.status).toBe('Received');
    const all = await allOrders(t.demo, 'all');
    expect(all.length).toBe((await allOrders(t.demo)).length + 1);
  });

  it('maps to superOrderCode, orders and orderCount with status, label and money', async () => {
    const [order] = (await allOrders(t.demo)).filter(
      (o) => o.superOrderCode === demoOrderCode('demo', 'deliveryChangeInProgress'),
    );
    expect(order).toBeDefined();
    expect(order!.orderCount).toBe(2);
    expect(order!.orders.map((line) => line.code)).toEqual([
      `${order!.superOrderCode}-1`,
      `${order!.superOrderCode}-2`,
    ]);
    // The least advanced line decides: ProductionStarted before ProductionCompleted.
    expect([order!.status, order!.label]).toEqual(['ProductionStarted', 'producing']);
    expect(order!.total.amount).toBe(order!.orders.reduce((sum, l) => sum + l.price.amount, 0));
    expect(order!.total.currency).toBe('GBP');
    // A delivery change in progress: no delivery type, the pending change is there.
    expect(order!.deliveryType).toBeUndefined();
    expect(order!.pendingAddressChange?.address.streetName).toBe('Gloucester Place');
  });

  it('answers 400 naming the field for bad paging and state', async () => {
    for (const [query, field] of [
      ['Offset=-1', 'query.Offset'],
      ['Offset=abc', 'query.Offset'],
      ['Limit=0', 'query.Limit'],
      ['Limit=501', 'query.Limit'],
      ['Limit=2.5', 'query.Limit'],
      ['OrderState=old', 'query.OrderState'],
    ]) {
      const { status, body } = await t.demo.get(`${orders}/v2/superorders/me?${query}`);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', field });
    }
  });
});

describe('the order list’s reads', () => {
  it('answers each page exactly as the order’s own route reads it, line for line', async () => {
    // The page reads the lines of 100 orders in one statement; the single-order route reads
    // one order's lines by its id: the same JSON either way.
    const whole = await allOrders(t.demo, 'all');
    expect(whole.length).toBeGreaterThan(30);
    for (const order of whole) {
      const single = await t.demo.get(`${orders}/v1/superorders/${order.superOrderCode}`);
      expect(single.status).toBe(200);
      expect(JSON.stringify(order), order.superOrderCode).toBe(JSON.stringify(single.body));
    }
  });

  it('reads a page of orders in two statements, the past-the-end page in one', async () => {
    const db = t.server.app.deps.db;
    const userId = demoUserId('demo');
    const now = new Date().toISOString();
    let page: Awaited<ReturnType<typeof listSuperOrderPage>> | undefined;
    const firstPage = await sqlSentBy(async () => {
      page = await listSuperOrderPage(db, userId, { offset: 0, limit: 100, state: 'all', now });
    });
    expect(page!.orders.length).toBeGreaterThan(30);
    // The count, then the page's stored list JSON: no line is read or presented again.
    expect(firstPage).toHaveLength(2);
    expect(firstPage[0]).toMatch(/count\(/i);
    expect(firstPage[1]).toMatch(/list_json/i);
    expect(firstPage[1]).not.toMatch(/from "orders"/i);
    let beyond: Awaited<ReturnType<typeof listSuperOrderPage>> | undefined;
    const pastTheEnd = await sqlSentBy(async () => {
      beyond = await listSuperOrderPage(db, userId, {
        offset: 1000,
        limit: 100,
        state: 'all',
        now,
      });
    });
    expect(beyond).toEqual({ total: page!.total, orders: [] });
    expect(pastTheEnd).toHaveLength(1);
  });

  it('answers a page byte for byte as the presenter would, from the rows read one by one, in every locale', async () => {
    // The page is joined from each order's stored list JSON; the presenter builds an order from
    // its rows: every value (nulls, numbers, voucher JSON, the PDF flag, the pending change,
    // the product names in each language) must come out the same, key order included.
    const db = t.server.app.deps.db;
    for (const userKey of ['demo', 'business'] as const) {
      const userId = demoUserId(userKey);
      const { total, orders: stored } = await listSuperOrderPage(db, userId, {
        offset: 0,
        limit: 500,
        state: 'all',
        now: new Date().toISOString(),
      });
      const rows = await superOrderPageQuery(db, userId, {
        offset: 0,
        limit: 500,
        state: 'all',
        now: new Date().toISOString(),
      })
        .selectAll('superorders')
        .execute();
      expect(rows.length).toBe(stored.length);
      for (const locale of [undefined, 'nl-NL', 'de-DE', 'fr-FR', 'xx-XX']) {
        const fromPage = superOrderPageJson({ offset: 0, limit: 500, total }, stored, locale);
        const oneByOne = await Promise.all(
          rows.map(async (row) => {
            const [lines, pending] = await Promise.all([
              linesOf(db, [row.id]),
              pendingChangesOf(db, [row.id]),
            ]);
            return presentSuperOrder(row, lines, pending[0], locale);
          }),
        );
        expect(fromPage, `${userKey} ${locale}`).toBe(
          JSON.stringify({ offset: 0, limit: 500, total, items: oneByOne }),
        );
      }
    }
  });

  it('builds and stores the list JSON of orders that have none yet (from before it was stored)', async () => {
    const db = t.server.app.deps.db;
    const userId = demoUserId('business');
    const now = new Date().toISOString();
    const read = () => listSuperOrderPage(db, userId, { offset: 0, limit: 500, state: 'all', now });
    const before = await read();
    await db
      .updateTable('superorders')
      .set({ list_json: null })
      .where('user_id', '=', userId)
      .execute();
    expect(await read()).toEqual(before);
    const missing = await db
      .selectFrom('superorders')
      .select('id')
      .where('user_id', '=', userId)
      .where('list_json', 'is', null)
      .execute();
    expect(missing).toEqual([]);
  });

  it('reads each order’s lines, PDF flag and pending change through their indexes', async () => {
    const db = t.server.app.deps.db;
    const ids = (
      await superOrderPageQuery(db, demoUserId('demo'), {
        offset: 0,
        limit: 100,
        state: 'all',
        now: new Date().toISOString(),
      })
        .select('superorders.id')
        .execute()
    ).map((row) => row.id);
    const query = superOrdersWithLinesQuery(db, ids);
    const { kind, plan } = await queryPlan(db, query);
    const sqlText = query.compile().sql;
    if (kind === 'postgres') {
      expect(plan, sqlText).toMatch(/superorders_pkey/);
      expect(plan, sqlText).toMatch(/orders_superorder_position/);
      expect(plan, sqlText).toMatch(/product_files_order_purpose/);
      expect(plan, sqlText).toMatch(/delivery_address_changes_order/);
      expect(plan, sqlText).not.toMatch(/"Node Type":"Seq Scan"/);
      return;
    }
    expect(plan, sqlText).toMatch(/SEARCH superorders USING INDEX sqlite_autoindex_superorders/);
    expect(plan, sqlText).toMatch(/SEARCH orders USING INDEX orders_superorder_position/);
    expect(plan, sqlText).toMatch(/SEARCH product_files USING COVERING INDEX/);
    expect(plan, sqlText).toMatch(/SEARCH delivery_address_changes USING INDEX/);
    expect(plan, sqlText).not.toMatch(
      /SCAN (superorders|orders|product_files|delivery_address_changes)/,
    );
  });

  it('counts, pages and finds the next payment deadline from indexes alone', async () => {
    const db = t.server.app.deps.db;
    const userId = demoUserId('demo');
    const now = new Date().toISOString();
    const page = { offset: 0, limit: 100, state: 'notExpired' as const, now };
    const queries: Array<[Compilable<unknown>, RegExp]> = [
      [superOrderCountQuery(db, userId, 'notExpired', now), /superorders_user_/],
      [superOrderCountQuery(db, userId, 'expired', now), /superorders_user_/],
      [
        superOrderPageQuery(db, userId, page).select('superorders.id'),
        /superorders_user_created_expires/,
      ],
      [nextPaymentDeadlineQuery(db, userId, now), /superorders_user_payment_expires/],
    ];
    for (const [query, index] of queries) {
      const { kind, plan } = await queryPlan(db, query);
      const sqlText = query.compile().sql;
      if (kind === 'postgres') {
        expect(plan, sqlText).toMatch(/"Node Type":"Index Only Scan"/);
        expect(plan, sqlText).toMatch(index);
        expect(plan, sqlText).not.toMatch(/"Node Type":"(Seq Scan|Sort|Index Scan)"/);
        continue;
      }
      expect(plan, sqlText).toMatch(/SEARCH superorders USING COVERING INDEX/);
      expect(plan, sqlText).toMatch(index);
      expect(plan, sqlText).not.toMatch(/TEMP B-TREE|SCAN superorders/);
    }
  });
});

describe('the seed', () => {
  it('has every internal status, label, source, voucher variant and delivery type for both users', async () => {
    for (const user of [t.demo, t.business]) {
      const all = await allOrders(user, 'all');
      const lines = all.flatMap((order) => order.orders);
      expect(new Set(lines.map((l) => l.status))).toEqual(
        new Set(internalOrderStatusSchema.options),
      );
      expect(new Set(lines.map((l) => l.label))).toEqual(new Set(orderLabelSchema.options));
      expect(new Set(all.map((o) => o.source))).toEqual(new Set(['Resnap', 'Albelli']));
      expect(
        new Set(lines.flatMap((l) => (l.voucherDetails ? [l.voucherDetails.state] : []))),
      ).toEqual(new Set(['awaitingPayment', 'delayed']));
      expect(new Set(all.map((o) => o.deliveryType ?? 'changing'))).toEqual(
        new Set(['Home', 'PickupPoint', 'changing']),
      );
      expect(lines.some((l) => l.hasPdf)).toBe(true);
      expect(lines.some((l) => !l.hasPdf)).toBe(true);
    }
  });

  it('puts orders on both sides of the 30-day and 14-day in-progress boundaries', async () => {
    const byCode = new Map((await allOrders(t.demo, 'all')).map((o) => [o.superOrderCode, o]));
    const expected: Array<[string, boolean]> = [
      ['paymentPending', true],
      ['cancelled', true],
      ['dispatchedPayment13Days', true],
      ['dispatchedPayment15Days', false],
      ['created29Days', true],
      ['created31Days', false],
      ['rejected', false],
      ['discontinuedArticle', false],
      ['history1', false],
    ];
    for (const [key, inProgress] of expected) {
      const order = byCode.get(demoOrderCode('demo', key));
      expect(order, key).toBeDefined();
      expect(isOrderInProgress(order!), key).toBe(inProgress);
    }
  });

  it('gives the business user its own orders in its brand’s currency', async () => {
    const all = await allOrders(t.business, 'all');
    expect(all.every((o) => o.superOrderCode.startsWith('AL'))).toBe(true);
    expect(new Set(all.map((o) => o.total.currency))).toEqual(new Set(['EUR']));
  });
});

describe('orders in the brand’s language and with their delivery window', () => {
  it('names the products in the language of the brand host the request came on', async () => {
    const code = demoOrderCode('demo', 'deliveryChangeInProgress');
    const titles = (body: any) => superOrderSchema.parse(body).orders.map((line) => line.title);
    const english = await t.demo.get(`${orders}/v1/superorders/${code}`);
    expect(titles(english.body)).toEqual(['Hardcover photo book A4', 'Photo prints 10×15']);
    const dutch = await t.demo.getOnHost(
      'albelli-nl.localhost',
      `${orders}/v1/superorders/${code}`,
    );
    expect(dutch.status).toBe(200);
    expect(titles(dutch.body)).toEqual(['Fotoboek hardcover A4', 'Fotoafdrukken 10×15']);
    const german = await t.demo.getOnHost(
      'albelli-at.localhost',
      `${orders}/v2/superorders/me?Limit=500&OrderState=all`,
    );
    const list = superOrderPageSchema.parse(german.body).items;
    const found = list.find((order) => order.superOrderCode === code)!;
    expect(found.orders[0]!.title).toBe('Fotobuch Hardcover A4');
    // The English page of the same user is not served from the German one's cache.
    const again = await allOrders(t.demo, 'all', 500);
    expect(again.find((order) => order.superOrderCode === code)!.orders[0]!.title).toBe(
      'Hardcover photo book A4',
    );
  });

  it('names an online product and its PDF in the language of the brand host too', async () => {
    const code = `${demoOrderCode('demo', 'deliveryChangeInProgress')}-1`;
    const english = await t.demo.get(`/api/products/v1/Products/${code}`);
    expect(english.body.title).toBe('Hardcover photo book A4');
    const dutch = await t.demo.getOnHost(
      'albelli-nl.localhost',
      `/api/products/v1/Products/${code}`,
    );
    expect(dutch.status).toBe(200);
    expect(dutch.body.title).toBe('Fotoboek hardcover A4');
    const pdfs = await t.demo.getOnHost('albelli-nl.localhost', '/api/products/v1/Pdfs/me');
    const titles = Object.values(pdfs.body.pdfs as Record<string, { title: string }>).map(
      (pdf) => pdf.title,
    );
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.filter((title) => /photo book|Photo prints|Canvas print/.test(title))).toEqual(
      [],
    );
  });

  it('ends an order’s delivery window on the last day of its delivery dates', async () => {
    const all = await allOrders(t.demo, 'all');
    const order = all.find((o) => o.superOrderCode === demoOrderCode('demo', 'created31Days'))!;
    const dates = await t.demo.get(`/api/delivery/OrderDeliveryDates/${order.id}`);
    expect(dates.status).toBe(200);
    expect(order.expectedDeliveryBy).toBe(dates.body.latest);
    // A canvas is promised in 8 days: 31 days on, the window is long past.
    expect(order.expectedDeliveryBy! < new Date().toISOString().slice(0, 10)).toBe(true);
  });
});

describe('GET /v1/superorders/{code}', () => {
  it('answers the caller’s order', async () => {
    const code = demoOrderCode('demo', 'paymentSuccess');
    const { status, body } = await t.demo.get(`${orders}/v1/superorders/${code}`);
    expect(status).toBe(200);
    const order = superOrderSchema.parse(body);
    expect([order.superOrderCode, order.status, order.label, order.deliveryType]).toEqual([
      code,
      'Confirmed',
      'paymentSuccess',
      'PickupPoint',
    ]);
    expect(order.deliveryAddress.pickupPointName).toBe('Post Office Marylebone');
  });

  it('refuses another user’s order like an unknown one, and bad codes with 400', async () => {
    const foreign = await t.friend.get(
      `${orders}/v1/superorders/${demoOrderCode('demo', 'paymentSuccess')}`,
    );
    const unknown = await t.demo.get(`${orders}/v1/superorders/PB0000000`);
    for (const response of [foreign, unknown]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: 'Order not found', field: 'params.code' });
    }
    const bad = await t.demo.get(`${orders}/v1/superorders/${encodeURIComponent('../etc')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('params.code');
  });
});

describe('GET /orders/byAccount/{accountId} and GET /v1/Orders/{id}', () => {
  it('pages the caller’s products 0/10 by default and filters by article names', async () => {
    const first = await t.demo.get(`${orders}/orders/byAccount/${t.ids.demo}`);
    expect(first.status).toBe(200);
    const page = accountOrderPageSchema.parse(first.body);
    expect([page.offset, page.limit, page.items.length]).toEqual([0, 10, 10]);
    const next = accountOrderPageSchema.parse(
      (await t.demo.get(`${orders}/orders/byAccount/${t.ids.demo}?offset=10&limit=10`)).body,
    );
    expect(next.items.map((o) => o.id)).not.toContain(page.items[0]!.id);
    const books = accountOrderPageSchema.parse(
      (
        await t.demo.get(
          `${orders}/orders/byAccount/${t.ids.demo}?articleNames=BOOK_HC_A4,BOOK_SC_A5&limit=100`,
        )
      ).body,
    );
    expect(books.total).toBeGreaterThan(3);
    expect(new Set(books.items.map((o) => o.articleType))).toEqual(
      new Set(['BOOK_HC_A4', 'BOOK_SC_A5']),
    );
  });

  it('refuses another account id with 403 and a bad one with 400', async () => {
    const foreign = await t.demo.get(`${orders}/orders/byAccount/${t.ids.friend}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.field).toBe('params.accountId');
    const bad = await t.demo.get(`${orders}/orders/byAccount/me?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toMatch(/^(params\.accountId|query\.limit)$/);
    const limit = await t.demo.get(`${orders}/orders/byAccount/${t.ids.demo}?limit=x`);
    expect(limit.body.field).toBe('query.limit');
  });

  it('answers one product by id, and 404 for someone else’s', async () => {
    const list = accountOrderPageSchema.parse(
      (await t.demo.get(`${orders}/orders/byAccount/${t.ids.demo}?limit=1`)).body,
    );
    const id = list.items[0]!.id;
    const mine = await t.demo.get(`${orders}/v1/Orders/${id}`);
    expect(mine.status).toBe(200);
    expect(accountOrderSchema.parse(mine.body).id).toBe(id);
    const theirs = await t.business.get(`${orders}/v1/Orders/${id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.field).toBe('params.id');
    expect((await t.demo.get(`${orders}/v1/Orders/12`)).body.field).toBe('params.id');
  });
});

describe('voucher refresh by product code', () => {
  it('answers the voucher line’s state; 404 for other lines and other users', async () => {
    const code = `${demoOrderCode('demo', 'voucherAwaitingPayment')}-1`;
    const { status, body } = await t.demo.get(`${orders}/v1/Orders/product/${code}/voucher`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      productCode: code,
      voucher: 'PB-GIFT',
      voucherDetails: { state: 'awaitingPayment', value: { amount: 5000, currency: 'GBP' } },
    });
    const delayed = await t.demo.get(
      `${orders}/v1/Orders/product/${demoOrderCode('demo', 'productionDelayed')}-2/voucher`,
    );
    expect(delayed.body.voucherDetails.state).toBe('delayed');
    const notVoucher = await t.demo.get(
      `${orders}/v1/Orders/product/${demoOrderCode('demo', 'paymentPending')}-1/voucher`,
    );
    expect(notVoucher.status).toBe(404);
    expect((await t.friend.get(`${orders}/v1/Orders/product/${code}/voucher`)).status).toBe(404);
  });
});

describe('PUT /v1/superorders/{code}/deliveryAddress', () => {
  const home = {
    firstName: 'Alex',
    lastName: 'Demo',
    streetName: 'Abbey Road',
    streetNumber: '3',
    postalCode: 'NW8 9AY',
    city: 'London',
    country: 'GB',
    phoneNumber: '+44 20 7946 0000',
  };

  it('applies a change at once before production (200 updated)', async () => {
    const code = demoOrderCode('demo', 'approved');
    const { status, body } = await t.demo.send(
      'PUT',
      `${orders}/v1/superorders/${code}/deliveryAddress`,
      { deliveryType: 'Home', address: home },
    );
    expect(status).toBe(200);
    expect(body.result).toBe('updated');
    expect(body.order.deliveryType).toBe('Home');
    expect(body.order.deliveryAddress).toMatchObject({
      streetName: 'Abbey Road',
      pickupPointId: null,
    });
    expect(
      (await t.demo.get(`${orders}/v1/superorders/${code}`)).body.deliveryAddress.streetName,
    ).toBe('Abbey Road');
  });

  it('shows the change in the order list at once (the cached page is rebuilt)', async () => {
    const code = demoOrderCode('demo', 'paymentFree');
    const inList = async () =>
      (await allOrders(t.demo)).find((o) => o.superOrderCode === code)!.deliveryAddress;
    expect((await inList()).streetName).toBe('Baker Street');
    expect((await inList()).streetName).toBe('Baker Street');
    const { status } = await t.demo.send(
      'PUT',
      `${orders}/v1/superorders/${code}/deliveryAddress`,
      {
        deliveryType: 'Home',
        address: { ...home, streetName: 'Portobello Road' },
      },
    );
    expect(status).toBe(200);
    expect((await inList()).streetName).toBe('Portobello Road');
  });

  it('records a request in production (202 requested): no delivery type until applied', async () => {
    const code = demoOrderCode('demo', 'productionCompleted');
    const { status, body } = await t.demo.send(
      'PUT',
      `${orders}/v1/superorders/${code}/deliveryAddress`,
      { deliveryType: 'Home', address: home },
    );
    expect(status).toBe(202);
    expect(body.result).toBe('requested');
    expect(body.order.deliveryType).toBeUndefined();
    expect(body.order.pendingAddressChange.address.streetName).toBe('Abbey Road');
    // The old address stays until the retailer applies the change.
    expect(body.order.deliveryAddress.streetName).toBe('Marylebone High Street');
  });

  it('stores a changed order’s list JSON with the change, applied or requested', async () => {
    const db = t.server.app.deps.db;
    for (const [key, street, outcome] of [
      ['approved', 'Carnaby Street', 200],
      ['productionCompleted', 'Savile Row', 202],
    ] as const) {
      const code = demoOrderCode('demo', key);
      const { status } = await t.demo.send(
        'PUT',
        `${orders}/v1/superorders/${code}/deliveryAddress`,
        { deliveryType: 'Home', address: { ...home, streetName: street } },
      );
      expect(status, key).toBe(outcome);
      const row = (await db
        .selectFrom('superorders')
        .selectAll()
        .where('code', '=', code)
        .executeTakeFirst())!;
      const [lines, pending] = await Promise.all([
        linesOf(db, [row.id]),
        pendingChangesOf(db, [row.id]),
      ]);
      expect(row.list_json, key).toBe(orderListJson(row, lines, pending[0]));
      const { orders: page } = await listSuperOrderPage(db, demoUserId('demo'), {
        offset: 0,
        limit: 500,
        state: 'all',
        now: new Date().toISOString(),
      });
      const listed = JSON.parse(
        localiseOrderList(
          page.find((json) => json.includes(`"superOrderCode":"${code}"`))!,
          undefined,
        ),
      ) as SuperOrder;
      const address =
        outcome === 200 ? listed.deliveryAddress : listed.pendingAddressChange?.address;
      expect(address?.streetName, key).toBe(street);
    }
  });

  it('refuses sent and cancelled orders with 409', async () => {
    for (const key of ['dispatchedPayment15Days', 'cancelled']) {
      const { status, body } = await t.demo.send(
        'PUT',
        `${orders}/v1/superorders/${demoOrderCode('demo', key)}/deliveryAddress`,
        { deliveryType: 'Home', address: home },
      );
      expect(status, key).toBe(409);
      expect(body.field).toBe('params.code');
    }
  });

  it('validates the address and names the field with the product’s messages', async () => {
    const code = demoOrderCode('demo', 'onHold');
    const cases: Array<[unknown, string, string?]> = [
      [
        { deliveryType: 'Home', address: { ...home, phoneNumber: '12' } },
        'body.address.phoneNumber',
        'Phone number must be valid',
      ],
      [
        { deliveryType: 'Home', address: { ...home, postalCode: '!' } },
        'body.address.postalCode',
        'Postal Code must be valid',
      ],
      [
        { deliveryType: 'Home', address: { ...home, streetNumber: 'x' } },
        'body.address.streetNumber',
        'Street number must be valid',
      ],
      [
        { deliveryType: 'Home', address: { ...home, streetName: '123' } },
        'body.address.streetName',
        'Street name must be valid',
      ],
      [{ deliveryType: 'Drone', address: home }, 'body.deliveryType'],
      [{ deliveryType: 'PickupPoint', address: home }, 'body.address.pickupPointId'],
      [
        { deliveryType: 'Home', address: { ...home, country: 'NL', postalCode: '1015 CW' } },
        'body.address.country',
      ],
      [{ deliveryType: 'Home' }, 'body.address'],
      [{ deliveryType: 'Home', address: { ...home, country: 'XX' } }, 'body.address.country'],
      [
        { deliveryType: 'Home', address: { ...home, postalCode: '1015 CW' } },
        'body.address.postalCode',
        'Postal Code must be valid',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const { status, body } = await t.demo.send(
        'PUT',
        `${orders}/v1/superorders/${code}/deliveryAddress`,
        payload,
      );
      expect(status, field).toBe(400);
      expect(body.field, JSON.stringify(payload)).toBe(field);
      if (message) expect(body.message).toContain(message);
    }
    const foreign = await t.friend.send('PUT', `${orders}/v1/superorders/${code}/deliveryAddress`, {
      deliveryType: 'Home',
      address: home,
    });
    expect(foreign.status).toBe(404);
  });
});

describe('delivery: dates, article groups, campaigns', () => {
  const delivery = '/api/delivery';

  it('answers the delivery window of a paid order, 404 when there is none', async () => {
    const all = await allOrders(t.demo, 'all');
    const find = (key: string) => all.find((o) => o.superOrderCode === demoOrderCode('demo', key))!;
    const sent = await t.demo.get(
      `${delivery}/OrderDeliveryDates/${find('dispatchedPayment13Days').id}`,
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      deliveryType: 'Home',
      trackingUrl: expect.stringContaining('https://'),
    });
    expect(sent.body.earliest <= sent.body.latest).toBe(true);
    for (const key of ['paymentPending', 'cancelled']) {
      const none = await t.demo.get(`${delivery}/OrderDeliveryDates/${find(key).id}`);
      expect(none.status, key).toBe(404);
      expect(none.body.field).toBe('params.orderId');
    }
    const foreign = await t.friend.get(
      `${delivery}/OrderDeliveryDates/${find('dispatchedPayment13Days').id}`,
    );
    expect(foreign.status).toBe(404);
    expect((await t.demo.get(`${delivery}/OrderDeliveryDates/abc`)).status).toBe(400);
  });

  it('lists article groups and a campaign’s cut-offs; 404 for an unknown campaign', async () => {
    const groups = await t.demo.get(`${delivery}/v1/ArticleGroup`);
    expect(groups.body.articleGroups.map((g: any) => g.id)).toContain('photo-books');
    const christmas = await t.demo.get(`${delivery}/v1/Campaign/christmas`);
    expect(christmas.status).toBe(200);
    expect(christmas.body.cutOffs.length).toBe(5);
    const unknown = await t.demo.get(`${delivery}/v1/Campaign/easter`);
    expect([unknown.status, unknown.body.field]).toEqual([404, 'params.name']);
    expect((await t.demo.get(`${delivery}/v1/Campaign/${encodeURIComponent('X Y')}`)).status).toBe(
      400,
    );
  });
});

describe('reorder', () => {
  const reorder = '/api/reorder';

  it('says why an order cannot be reordered', async () => {
    const cases: Array<[string, boolean, string | null]> = [
      ['history1', true, null],
      ['dispatchedPayment15Days', true, null],
      ['processing', false, 'notDispatched'],
      ['cancelled', false, 'cancelled'],
      ['discontinuedArticle', false, 'articleDiscontinued'],
    ];
    for (const [key, available, reason] of cases) {
      const code = demoOrderCode('demo', key);
      const { status, body } = await t.demo.get(`${reorder}/reorder/status/${code}`);
      expect(status, key).toBe(200);
      expect(body, key).toEqual({ orderCode: code, available, reason });
    }
  });

  it('answers the storefront basket URL of the order’s brand, and 409/404 otherwise', async () => {
    const code = demoOrderCode('demo', 'history1');
    const { status, body } = await t.demo.send('POST', `${reorder}?OrderCode=${code}`);
    expect(status).toBe(200);
    const url = new URL(body.ShopUrl);
    expect(url.origin).toBe('https://www.photobox.co.uk');
    expect(url.searchParams.get('order')).toBe(code);
    const business = await t.business.send(
      'POST',
      `${reorder}?OrderCode=${demoOrderCode('business', 'history1')}`,
    );
    expect(new URL(business.body.ShopUrl).origin).toBe('https://www.albelli.nl');
    const refused = await t.demo.send(
      'POST',
      `${reorder}?OrderCode=${demoOrderCode('demo', 'cancelled')}`,
    );
    expect([refused.status, refused.body.field]).toEqual([409, 'query.OrderCode']);
    const foreign = await t.friend.send('POST', `${reorder}?OrderCode=${code}`);
    expect([foreign.status, foreign.body.field]).toEqual([404, 'query.OrderCode']);
    const missing = await t.demo.send('POST', reorder);
    expect([missing.status, missing.body.field]).toEqual([400, 'query.OrderCode']);
  });
});
