import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reorderQuerySchema,
  reorderResponseSchema,
  reorderStatusParamsSchema,
  reorderStatusSchema,
} from '@photo/core/api/schemas/delivery';
import type { ReorderStatus } from '@photo/core/api/schemas/delivery';
import type { SuperOrder } from '@photo/core/api/schemas/order';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { findSalesChannel } from '../orders/channels.ts';
import { linesOf } from '../orders/orders-repository.ts';
import { loadSuperOrder } from '../orders/super-order.ts';
import { insertReorder } from './reorder-repository.ts';

const tags = ['reorder'];
const security = [{ bearerAuth: [] }];

/**
 * Whether an order can be ordered again (docs/product.md#states reorder): every line that is
 * not cancelled has been sent and is still sold.
 */
export function reorderAvailability(
  order: SuperOrder,
  reorderable: ReadonlyMap<string, boolean>,
): Pick<ReorderStatus, 'available' | 'reason'> {
  const open = order.orders.filter((line) => line.status !== 'Cancelled');
  if (open.length === 0) return { available: false, reason: 'cancelled' };
  if (open.some((line) => line.status !== 'Dispatched'))
    return { available: false, reason: 'notDispatched' };
  if (open.some((line) => !reorderable.get(line.id)))
    return { available: false, reason: 'articleDiscontinued' };
  return { available: true, reason: null };
}

/**
 * Reorder of docs/product.md#apis (mounted at ReorderApiUrl, /api/reorder): an availability
 * check, then `POST ?OrderCode=` puts the order's products in a basket on the brand's
 * storefront and answers its URL. 404 for unknown and foreign orders alike; 409 when the
 * order cannot be reordered (the status call says why).
 */
export const reorderModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  app.addHook('onRequest', app.authenticate);

  async function status(userId: string, code: string, field: string) {
    const { row, order } = await loadSuperOrder(db, userId, code, field);
    const lines = await linesOf(db, [row.id]);
    const reorderable = new Map(lines.map((line) => [line.id, line.reorderable === 1]));
    return { row, order, ...reorderAvailability(order, reorderable) };
  }

  app.get(
    '/reorder/status/:orderCode',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the order can be reordered, and why not',
        params: reorderStatusParamsSchema,
        response: { 200: reorderStatusSchema },
      },
    },
    async (request) => {
      const found = await status(request.user.id, request.params.orderCode, 'params.orderCode');
      return { orderCode: found.row.code, available: found.available, reason: found.reason };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Reorder: a storefront basket with the order’s products (response ShopUrl)',
        querystring: reorderQuerySchema,
        response: { 200: reorderResponseSchema },
      },
    },
    async (request) => {
      const found = await status(request.user.id, request.query.OrderCode, 'query.OrderCode');
      if (!found.available)
        throw new HttpError(
          409,
          `This order cannot be reordered (${found.reason})`,
          'query.OrderCode',
        );
      const channel = findSalesChannel(found.row.channel);
      if (!channel) throw new HttpError(409, 'The order’s shop is closed', 'query.OrderCode');
      const { shopUrl } = await insertReorder(db, {
        userId: request.user.id,
        superorderId: found.row.id,
        now: new Date().toISOString(),
        shopUrl: (id) => {
          const url = new URL('basket', channel.storefront.Main);
          url.searchParams.set('reorder', id);
          url.searchParams.set('order', found.row.code);
          return url.toString();
        },
      });
      return { ShopUrl: shopUrl };
    },
  );
};
