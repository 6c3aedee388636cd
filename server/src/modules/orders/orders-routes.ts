import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountOrderPageSchema,
  accountOrderSchema,
  deliveryAddressChangeResponseSchema,
  ordersByAccountParamsSchema,
  ordersByAccountQuerySchema,
  superOrderCodeParamsSchema,
  superOrderPageSchema,
  superOrderSchema,
  superOrdersQuerySchema,
  voucherRefreshSchema,
} from '@photo/core/api/schemas/order';
import { deliveryAddressChangeRequestSchema } from '@photo/core/api/schemas/order-address';
import type { AccountOrderPage, OrderLine } from '@photo/core/api/schemas/order';
import { z } from 'zod/mini';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { dataStamp } from '../../db/prepared-reads.ts';
import { sendJsonText } from '../../http/send-json-text.ts';
import { findSalesChannel } from './channels.ts';
import { OrderPageCache } from './order-page-cache.ts';
import { presentAccountOrder, superOrderPageJson } from './order-presenter.ts';
import { requestLocale } from './articles.ts';
import { loadSuperOrder } from './super-order.ts';
import {
  applyDeliveryChange,
  findOrderLine,
  listAccountOrders,
  listSuperOrderPage,
  nextPaymentDeadline,
  requestDeliveryChange,
} from './orders-repository.ts';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];

/** What a delivery change does to an order in this state (docs/product.md#states address change). */
export function deliveryChangeOutcome(
  lines: ReadonlyArray<Pick<OrderLine, 'status'>>,
): 'apply' | 'request' | 'refuse' {
  const open = lines.filter((line) => line.status !== 'Cancelled');
  if (open.length === 0 || open.every((line) => line.status === 'Dispatched')) return 'refuse';
  if (open.every((line) => line.status === 'Received' || line.status === 'Confirmed'))
    return 'apply';
  return 'request';
}

/**
 * The order API of docs/product.md#apis "Orders and saved projects" (mounted at OrdersApiUrl,
 * /api/orders). Every route reads or changes the caller's orders only; a foreign order answers
 * like an unknown one (404), a foreign `{accountId}` is 403.
 *
 * Designed here (the product names the action, not the path):
 * - voucher refresh by product code: `GET /v1/Orders/product/{productCode}/voucher` reads the
 *   voucher line's current state again.
 * - `PUT /v1/superorders/{code}/deliveryAddress` answers 200 `updated` before production, 202
 *   `requested` once production started (applied by the retailer later; the order has no
 *   delivery type meanwhile), 409 when every line is sent or cancelled.
 */
export const ordersModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // Off only to measure the lists without it (bench:orders).
  const pageCache = new OrderPageCache(deps.config.ordersPageCache ? undefined : 0);
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/v2/superorders/me',
    {
      schema: {
        tags,
        security,
        summary:
          'The caller’s superorders, newest first, paged by Offset/Limit (0/100); OrderState=notExpired leaves out unpaid orders past their payment window',
        querystring: superOrdersQuerySchema,
        response: { 200: superOrderPageSchema },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const userId = request.user.id;
      const now = new Date().toISOString();
      const locale = requestLocale(request.headers.host);
      const key = `${userId}|${locale ?? ''}|${query.OrderState}|${query.Offset}|${query.Limit}`;
      const stamp = dataStamp(db);
      const cached = pageCache.get(key, stamp, now);
      if (cached !== undefined) return sendJsonText(reply, cached);
      const { total, orders } = await listSuperOrderPage(db, userId, {
        offset: query.Offset,
        limit: query.Limit,
        state: query.OrderState,
        now,
      });
      // Joined from each order's stored list JSON (the tests hold it to the schema and to the
      // presenter's output): sent as text, it skips the serializer's re-validation.
      const json = superOrderPageJson(
        { offset: query.Offset, limit: query.Limit, total },
        orders,
        locale,
      );
      const deadline =
        query.OrderState === 'all' ? null : await nextPaymentDeadline(db, userId, now);
      // Kept only if nothing was written while the page was read.
      if (dataStamp(db) === stamp) pageCache.set(key, stamp, deadline, json);
      return sendJsonText(reply, json);
    },
  );

  app.get(
    '/v1/superorders/:code',
    {
      schema: {
        tags,
        security,
        summary: 'One superorder of the caller (404 = not found)',
        params: superOrderCodeParamsSchema,
        response: { 200: superOrderSchema },
      },
    },
    async (request) =>
      (
        await loadSuperOrder(
          db,
          request.user.id,
          request.params.code,
          'params.code',
          requestLocale(request.headers.host),
        )
      ).order,
  );

  app.put(
    '/v1/superorders/:code/deliveryAddress',
    {
      schema: {
        tags,
        security,
        summary:
          'Change the delivery address: 200 updated at once, 202 requested (in production), 409 too late',
        params: superOrderCodeParamsSchema,
        body: deliveryAddressChangeRequestSchema,
        response: {
          200: deliveryAddressChangeResponseSchema,
          202: deliveryAddressChangeResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const { row, order } = await loadSuperOrder(db, userId, request.params.code);
      const { deliveryType, address } = request.body;
      if (deliveryType === 'PickupPoint' && (!address.pickupPointId || !address.pickupPointName))
        throw new HttpError(
          400,
          'A pick-up point delivery needs the pick-up point',
          address.pickupPointId ? 'body.address.pickupPointName' : 'body.address.pickupPointId',
        );
      const channel = findSalesChannel(row.channel);
      if (channel && address.country !== channel.country)
        throw new HttpError(
          400,
          `This order can only be delivered in ${channel.country}`,
          'body.address.country',
        );
      const outcome = deliveryChangeOutcome(order.orders);
      if (outcome === 'refuse')
        throw new HttpError(
          409,
          'The delivery address of this order can no longer be changed',
          'params.code',
        );
      const normalised = {
        ...address,
        ...(deliveryType === 'Home' ? { pickupPointId: null, pickupPointName: null } : {}),
      };
      const change = { deliveryType, address: normalised, now: new Date().toISOString() };
      if (outcome === 'apply') await applyDeliveryChange(db, row, change);
      else await requestDeliveryChange(db, row, change);
      const updated = await loadSuperOrder(
        db,
        userId,
        row.code,
        'params.code',
        requestLocale(request.headers.host),
      );
      reply.code(outcome === 'apply' ? 200 : 202);
      return {
        result: outcome === 'apply' ? ('updated' as const) : ('requested' as const),
        order: updated.order,
      };
    },
  );

  app.get(
    '/orders/byAccount/:accountId',
    {
      schema: {
        tags,
        security,
        summary:
          'Inner orders (products) of the account, newest first, paged by offset/limit (0/10); articleNames keeps only those article types',
        params: ordersByAccountParamsSchema,
        querystring: ordersByAccountQuerySchema,
        response: { 200: accountOrderPageSchema },
      },
    },
    async (request, reply) => {
      if (request.params.accountId !== request.user.id)
        throw new HttpError(403, 'Orders of another account', 'params.accountId');
      const { offset, limit, articleNames } = request.query;
      const locale = requestLocale(request.headers.host);
      const key = `account|${request.user.id}|${locale ?? ''}|${offset}|${limit}|${articleNames ?? ''}`;
      const stamp = dataStamp(db);
      const cached = pageCache.get(key, stamp, new Date().toISOString());
      if (cached !== undefined) return sendJsonText(reply, cached);
      const articleTypes = articleNames
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const { total, rows } = await listAccountOrders(db, request.user.id, {
        articleTypes: articleTypes?.length ? articleTypes : undefined,
        offset,
        limit,
      });
      const page: AccountOrderPage = {
        offset,
        limit,
        total,
        items: rows.map((line) =>
          presentAccountOrder(
            line,
            {
              id: line.superorder_id,
              code: line.super_code,
              created_at: line.super_created_at,
              channel: line.super_channel,
              currency: line.super_currency,
            },
            locale,
          ),
        ),
      };
      const json = JSON.stringify(page);
      if (dataStamp(db) === stamp) pageCache.set(key, stamp, null, json);
      return sendJsonText(reply, json);
    },
  );

  app.get(
    '/v1/Orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One inner order (product) of the caller with its superorder (404 = not found)',
        params: z.object({ id: z.uuid() }),
        response: { 200: accountOrderSchema },
      },
    },
    async (request) => {
      const found = await findOrderLine(db, request.user.id, { id: request.params.id });
      if (!found) throw new HttpError(404, 'Order not found', 'params.id');
      return presentAccountOrder(found.line, found.superorder, requestLocale(request.headers.host));
    },
  );

  app.get(
    '/v1/Orders/product/:productCode/voucher',
    {
      schema: {
        tags,
        security,
        summary:
          'Voucher refresh: the current voucher state of a voucher line (404 = no such voucher line)',
        params: z.object({ productCode: superOrderCodeParamsSchema.shape.code }),
        response: { 200: voucherRefreshSchema },
      },
    },
    async (request) => {
      const found = await findOrderLine(db, request.user.id, { code: request.params.productCode });
      const line = found && presentAccountOrder(found.line, found.superorder);
      if (!line?.voucher || !line.voucherDetails)
        throw new HttpError(404, 'Voucher not found', 'params.productCode');
      return { productCode: line.code, voucher: line.voucher, voucherDetails: line.voucherDetails };
    },
  );
};
