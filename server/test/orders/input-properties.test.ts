import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderTestServer } from './order-test-server.ts';
import { startOrderTestServer } from './order-test-server.ts';

let t: OrderTestServer;
beforeAll(async () => {
  t = await startOrderTestServer();
}, 120_000);
afterAll(async () => t?.server.close());

/** Every route of the order-area modules, full path with `:params`. */
const ROUTES: Array<[method: string, path: string]> = [
  ['GET', '/api/orders/v2/superorders/me'],
  ['GET', '/api/orders/v1/superorders/:code'],
  ['PUT', '/api/orders/v1/superorders/:code/deliveryAddress'],
  ['GET', '/api/orders/orders/byAccount/:accountId'],
  ['GET', '/api/orders/v1/Orders/:id'],
  ['GET', '/api/orders/v1/Orders/product/:code/voucher'],
  ['GET', '/api/projects/api/v2/projects/:accountId'],
  ['DELETE', '/api/projects/api/v2/project/:id'],
  ['GET', '/api/invoices/api/v1/HistoricalInvoice/me'],
  ['GET', '/api/invoices/api/v1/HistoricalInvoice/me/pdf/:id/:channel'],
  ['GET', '/api/invoices/api/v1/InvoiceGroupFiles/me/:id'],
  ['GET', '/api/products/v1/Products/:code'],
  ['GET', '/api/products/v1/pdf/me/:code'],
  ['GET', '/api/products/v1/Pdfs/me'],
  ['GET', '/api/delivery/OrderDeliveryDates/:id'],
  ['GET', '/api/delivery/v1/ArticleGroup'],
  ['GET', '/api/delivery/v1/Campaign/:code'],
  ['GET', '/api/reorder/reorder/status/:code'],
  ['POST', '/api/reorder'],
  ['GET', '/api/widgets/v1/widget/all'],
  ['GET', '/api/widgets/v1/widget/:code'],
  ['POST', '/api/widgets/v1/widget/:code'],
  ['DELETE', '/api/widgets/v1/widget/:code'],
  ['PUT', '/api/widgets/v1/widget/:code/share'],
  ['GET', '/api/widgets/v1/galleryentries/:id'],
  ['POST', '/api/widgets/v1/galleryentries/'],
  ['PUT', '/api/widgets/v1/galleryentries/:id'],
  ['DELETE', '/api/widgets/v1/galleryentries/:id'],
  ['GET', '/api/widgets/v1/categories'],
  ['GET', '/api/voucher/api/v1/campaigns/offers/:code'],
  ['POST', '/api/merchandise'],
];
const PUBLIC: Array<[string, string]> = [['GET', '/api/widgets/v1/blockedorders/:code']];

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? values.id!);

describe('order-area routes', () => {
  it('answer 401 JSON naming the header without a valid bearer token', async () => {
    for (const [method, route] of ROUTES) {
      for (const authorization of [undefined, 'Bearer nope']) {
        const response = await t.server.app.inject({
          method: method as 'GET',
          url: fill(route, {
            id: '00000000-0000-4000-8000-000000000000',
            accountId: t.ids.demo,
            code: 'PB4100001',
            channel: 'photobox-uk',
          }),
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode, `${method} ${route}`).toBe(401);
        expect(response.json()).toMatchObject({ statusCode: 401, field: 'headers.authorization' });
      }
    }
  });

  it('need no token only for the blocked-order check', async () => {
    for (const [method, route] of PUBLIC) {
      const response = await t.server.app.inject({
        method: method as 'GET',
        url: fill(route, { code: 'PB4100001' }),
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('are in the OpenAPI document', async () => {
    const { paths } = (await t.server.app.inject({ url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [method, route] of [...ROUTES, ...PUBLIC]) {
      const openApiPath = route.replace(/:(\w+)/g, '{$1}');
      // Parameter names may differ from this list's (`{widgetId}`, `{orderId}`…).
      const shape = (path: string) => path.replace(/\{\w+\}/g, '{}').replace(/\/$/, '');
      const operation = Object.entries(paths).find(
        ([path, operations]) =>
          shape(path) === shape(openApiPath) && operations[method.toLowerCase()] !== undefined,
      );
      expect(operation, `${method} ${route}`).toBeDefined();
    }
  });

  it('never answer 5xx to random params, queries and bodies, and name the field of every 4xx (fast-check)', async () => {
    const segment = fc.oneof(
      fc.uuid(),
      fc.string({ maxLength: 16 }),
      fc.constantFrom(
        'PB4100001',
        'PB4100016-1',
        'AL7300001',
        'photobox-uk',
        'albelli-nl',
        'christmas',
        'PB-GIFT',
        t.ids.demo,
        t.ids.business,
        '0',
        '-1',
        '..',
        '%00',
        '%2F..%2F',
        'null',
        'all',
      ),
    );
    const queryValue = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.integer().map(String),
      fc.base64String({ maxLength: 40 }),
      fc.constantFrom(
        'notExpired',
        'expired',
        'all',
        'true',
        'none',
        'Photobox',
        'photobox-uk',
        '',
      ),
    );
    const query = fc.dictionary(
      fc.constantFrom(
        'Offset',
        'Limit',
        'OrderState',
        'offset',
        'limit',
        'skip',
        'articleNames',
        'extendResponseCommand',
        'extendResponseWithUrls',
        'OrderCode',
        'orderCodes',
        'page',
        'pageSize',
        'vendorId',
        'fromName',
        'personalMessage',
        'toEmailAddress',
        'channel',
      ),
      queryValue,
      { maxKeys: 5 },
    );
    const address = fc.record(
      {
        firstName: fc.string({ maxLength: 10 }),
        lastName: fc.string({ maxLength: 10 }),
        streetName: fc.string({ maxLength: 20 }),
        streetNumber: fc.string({ maxLength: 6 }),
        postalCode: fc.string({ maxLength: 8 }),
        city: fc.string({ maxLength: 10 }),
        country: fc.constantFrom('GB', 'NL', 'XX', 'gb', 'UK'),
        phoneNumber: fc.oneof(fc.constant(null), fc.string({ maxLength: 16 })),
        pickupPointId: fc.oneof(fc.constant(null), fc.string({ maxLength: 8 })),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ deliveryType: fc.constantFrom('Home', 'PickupPoint', 'x'), address }),
      fc.record({
        widgetId: fc.oneof(fc.uuid(), fc.string()),
        channel: fc.string({ maxLength: 12 }),
        title: fc.string({ maxLength: 20 }),
        categories: fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
      }),
      fc.record({ title: fc.string({ maxLength: 30 }) }, { requiredKeys: [] }),
      fc.record({
        query: fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.constant('{ channel(id: "albelli-nl") { ID Articles { ID } } }'),
        ),
        variables: fc.oneof(
          fc.constant(undefined),
          fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue()),
        ),
      }),
      fc.string({ maxLength: 40 }).map((text) => ({ raw: text })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES, ...PUBLIC),
        segment,
        segment,
        query,
        body,
        fc.constantFrom(t.demo, t.business, t.friend),
        async ([method, route], a, b, q, payload, user) => {
          const url = `${fill(route, {
            id: encodeURIComponent(a),
            code: encodeURIComponent(a),
            accountId: encodeURIComponent(a),
            channel: encodeURIComponent(b),
          })}?${new URLSearchParams(q as Record<string, string>).toString()}`;
          const raw =
            typeof payload === 'object' && payload !== null && 'raw' in payload
              ? String((payload as { raw: string }).raw)
              : undefined;
          const sendsBody = method !== 'GET' && method !== 'DELETE';
          const response = await t.server.app.inject({
            method: method as 'GET',
            url,
            headers: {
              authorization: `Bearer ${user.token}`,
              ...(sendsBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(sendsBody ? { payload: raw ?? JSON.stringify(payload) } : {}),
          });
          if (response.statusCode >= 500)
            throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
          if (response.statusCode >= 400)
            expect(response.json(), `${method} ${url}`).toMatchObject({
              statusCode: response.statusCode,
              message: expect.any(String),
              field: expect.any(String),
            });
        },
      ),
      { numRuns: 500, seed: 7 },
    );
  }, 180_000);
});
