import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  articleGroupsResponseSchema,
  campaignParamsSchema,
  campaignSchema,
  orderDeliveryDatesParamsSchema,
  orderDeliveryDatesSchema,
} from '@photo/core/api/schemas/delivery';
import type { DeliveryType } from '@photo/core/api/schemas/order';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { findCampaign, findDeliveryDates, listArticleGroups } from './delivery-repository.ts';

const tags = ['delivery'];
const security = [{ bearerAuth: [] }];

/**
 * Delivery dates and cut-off data of docs/product.md#apis "Delivery, cut-off, reorder"
 * (mounted at DeliveryApiUrl, /api/delivery). `{orderId}` is the superorder's `id`; 404 means
 * no delivery dates (not paid yet, cancelled, unknown or someone else's order alike).
 */
export const deliveryModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/OrderDeliveryDates/:orderId',
    {
      schema: {
        tags,
        security,
        summary: 'Expected delivery window of an order (404 = none)',
        params: orderDeliveryDatesParamsSchema,
        response: { 200: orderDeliveryDatesSchema },
      },
    },
    async (request) => {
      const dates = await findDeliveryDates(db, request.user.id, request.params.orderId);
      if (!dates) throw new HttpError(404, 'No delivery dates for this order', 'params.orderId');
      return {
        orderId: dates.superorder_id,
        earliest: dates.earliest,
        latest: dates.latest,
        ...(dates.delivery_type ? { deliveryType: dates.delivery_type as DeliveryType } : {}),
        trackingUrl: dates.tracking_url,
      };
    },
  );

  app.get(
    '/v1/ArticleGroup',
    {
      schema: {
        tags,
        security,
        summary: 'Article groups and their production days',
        response: { 200: articleGroupsResponseSchema },
      },
    },
    async () => ({
      articleGroups: (await listArticleGroups(db)).map((group) => ({
        id: group.id,
        name: group.name,
        articleTypes: JSON.parse(group.article_types) as string[],
        productionDays: group.production_days,
      })),
    }),
  );

  app.get(
    '/v1/Campaign/:name',
    {
      schema: {
        tags,
        security,
        summary: 'A delivery campaign with its cut-off dates per article group (404 = unknown)',
        params: campaignParamsSchema,
        response: { 200: campaignSchema },
      },
    },
    async (request) => {
      const found = await findCampaign(db, request.params.name);
      if (!found) throw new HttpError(404, 'Campaign not found', 'params.name');
      return {
        name: found.campaign.name,
        title: found.campaign.title,
        startsAt: found.campaign.starts_at,
        endsAt: found.campaign.ends_at,
        cutOffs: found.cutOffs.map((cutOff) => ({
          articleGroupId: cutOff.article_group_id,
          orderBefore: cutOff.order_before,
          deliveredBy: cutOff.delivered_by,
        })),
      };
    },
  );
};
