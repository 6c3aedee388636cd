import { z } from 'zod/mini';
import { deliveryTypeSchema, orderCodeSchema } from './order';

const isoDate = z.iso.date();

/** GET /OrderDeliveryDates/{orderId} (404 = no dates yet): the expected delivery window. */
export const orderDeliveryDatesSchema = z.object({
  orderId: z.uuid(),
  earliest: isoDate,
  latest: isoDate,
  deliveryType: z.optional(deliveryTypeSchema),
  /** Carrier tracking page once dispatched. */
  trackingUrl: z.nullable(z.url()),
});
export type OrderDeliveryDates = z.infer<typeof orderDeliveryDatesSchema>;

export const orderDeliveryDatesParamsSchema = z.object({ orderId: z.uuid() });

/** A group of articles that share production time and cut-off dates. */
export const articleGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  articleTypes: z.array(z.string()),
  productionDays: z.int().check(z.minimum(0)),
});
export type ArticleGroup = z.infer<typeof articleGroupSchema>;

/** GET /v1/ArticleGroup. */
export const articleGroupsResponseSchema = z.object({ articleGroups: z.array(articleGroupSchema) });
export type ArticleGroupsResponse = z.infer<typeof articleGroupsResponseSchema>;

/** Order before `orderBefore` to receive the group's articles by `deliveredBy`. */
export const cutOffSchema = z.object({
  articleGroupId: z.string(),
  orderBefore: z.iso.datetime(),
  deliveredBy: isoDate,
});

/** GET /v1/Campaign/{name}: a delivery campaign (e.g. Christmas) and its cut-off dates. */
export const campaignSchema = z.object({
  name: z.string(),
  title: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  cutOffs: z.array(cutOffSchema),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignParamsSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(60), z.regex(/^[a-z0-9-]+$/)),
});

/** Why an order cannot be reordered. */
export const reorderUnavailableReasonSchema = z.enum([
  'notDispatched',
  'cancelled',
  'articleDiscontinued',
]);

/** GET {ReorderApiUrl}/reorder/status/{orderCode}. */
export const reorderStatusSchema = z.object({
  orderCode: z.string(),
  available: z.boolean(),
  reason: z.nullable(reorderUnavailableReasonSchema),
});
export type ReorderStatus = z.infer<typeof reorderStatusSchema>;

export const reorderStatusParamsSchema = z.object({ orderCode: orderCodeSchema });

/** POST {ReorderApiUrl}?OrderCode={code}. */
export const reorderQuerySchema = z.object({ OrderCode: orderCodeSchema });

/** The basket on the brand's storefront with the order's products in it. */
export const reorderResponseSchema = z.object({ ShopUrl: z.url() });
export type ReorderResponse = z.infer<typeof reorderResponseSchema>;
