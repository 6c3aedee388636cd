import { z } from 'zod/mini';

/** Paging defaults of docs/product.md#limits. */
export const ORDER_PAGING = {
  /** GET /v2/superorders/me: Offset/Limit defaults; the client reads page by page until `total`. */
  superordersLimit: 100,
  /** GET /orders/byAccount/{accountId}: offset/limit defaults. */
  byAccountLimit: 10,
  /** Largest Limit/limit either list accepts. */
  maxLimit: 500,
} as const;

/** Days of the in-progress rule (docs/product.md#states, docs/product.md#limits). */
export const IN_PROGRESS_DAYS = { created: 30, dispatchedPayment: 14 } as const;

/** Internal order statuses (docs/product.md#states). */
export const internalOrderStatusSchema = z.enum([
  'Received',
  'Confirmed',
  'ProductionStarted',
  'ProductionCompleted',
  'Dispatched',
  'Cancelled',
]);
export type InternalOrderStatus = z.infer<typeof internalOrderStatusSchema>;

/** Statuses the customer sees (docs/product.md#states): Cancelled is shown red, the others cyan. */
export const orderDisplayStatusSchema = z.enum([
  'AwaitingPayment',
  'Ordered',
  'InProduction',
  'Sent',
  'Cancelled',
]);
export type OrderDisplayStatus = z.infer<typeof orderDisplayStatusSchema>;

const displayStatusByInternal: Record<InternalOrderStatus, OrderDisplayStatus> = {
  Received: 'AwaitingPayment',
  Confirmed: 'Ordered',
  ProductionStarted: 'InProduction',
  ProductionCompleted: 'InProduction',
  Dispatched: 'Sent',
  Cancelled: 'Cancelled',
};

/** The status badge of an internal status (docs/product.md#states). */
export function orderDisplayStatus(status: InternalOrderStatus): OrderDisplayStatus {
  return displayStatusByInternal[status];
}

/** Order labels, exactly as the retailer's order service spells them (docs/product.md#states). */
export const orderLabelSchema = z.enum([
  'paymentPending',
  'paymentFailed',
  'paymentSuccess',
  'paymentFree',
  'verification failed',
  'processing',
  'processing failed',
  'approved',
  'rejected',
  'on_hold',
  'producing',
  'delayed',
  'shipped',
  'cancelled',
]);
export type OrderLabel = z.infer<typeof orderLabelSchema>;

/** Where the order was placed (docs/product.md#states: sources include Resnap and Albelli). */
export const orderSourceSchema = z.enum(['Resnap', 'Albelli']);
export type OrderSource = z.infer<typeof orderSourceSchema>;

/** Absent on an order while a delivery change is in progress (docs/product.md#data). */
export const deliveryTypeSchema = z.enum(['PickupPoint', 'Home']);
export type DeliveryType = z.infer<typeof deliveryTypeSchema>;

/**
 * `OrderState` of GET /v2/superorders/me. `notExpired` (the default) leaves out expired orders:
 * unpaid orders whose payment window has closed; `expired` lists only those, `all` both.
 */
export const orderStateFilterSchema = z.enum(['notExpired', 'expired', 'all']);
export type OrderStateFilter = z.infer<typeof orderStateFilterSchema>;

/** Money in minor units (cents, øre) with its ISO 4217 currency, so no float rounding anywhere. */
export const moneySchema = z.object({
  amount: z.int(),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
});
export type Money = z.infer<typeof moneySchema>;

/** Voucher state of a voucher order line: the two variants the order screens show, or issued. */
export const voucherStateSchema = z.enum(['awaitingPayment', 'delayed', 'issued']);
export type VoucherState = z.infer<typeof voucherStateSchema>;

export const voucherDetailsSchema = z.object({
  state: voucherStateSchema,
  /** The voucher code the recipient redeems; null until issued. */
  voucherCode: z.nullable(z.string()),
  /** Face value of the voucher. */
  value: moneySchema,
  expiresAt: z.nullable(z.iso.datetime()),
});
export type VoucherDetails = z.infer<typeof voucherDetailsSchema>;

/**
 * A delivery address as orders carry it: the fields of a customer address
 * (`./address`), plus the pick-up point for pick-up point deliveries. Responses are not
 * re-validated against the address rules; requests use `deliveryAddressInputSchema`
 * (`./order-address`).
 */
export const deliveryAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  streetName: z.string(),
  streetNumber: z.string(),
  addressLine2: z.optional(z.nullable(z.string())),
  postalCode: z.string(),
  city: z.string(),
  /** ISO 3166 alpha-2. */
  country: z.string().check(z.length(2)),
  phoneNumber: z.optional(z.nullable(z.string())),
  pickupPointId: z.optional(z.nullable(z.string())),
  pickupPointName: z.optional(z.nullable(z.string())),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/**
 * One inner order of a superorder: the screens call it a product. `code` is the product code
 * (products, PDFs, widgets and reorder use it).
 */
export const orderLineSchema = z.object({
  id: z.uuid(),
  code: z.string().check(z.minLength(1)),
  articleType: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  quantity: z.int().check(z.minimum(1)),
  status: internalOrderStatusSchema,
  label: orderLabelSchema,
  /** When the payment state last changed; the in-progress rule reads it on dispatched lines. */
  paymentChangedDate: z.nullable(z.iso.datetime()),
  /** Voucher option code when the line is a voucher (GET {VoucherApiUrl}/api/v1/campaigns/offers/{code}). */
  voucher: z.nullable(z.string()),
  voucherDetails: z.nullable(voucherDetailsSchema),
  price: moneySchema,
  /** A print PDF exists (GET {ProductsApiUrl}/v1/pdf/me/{code}). */
  hasPdf: z.boolean(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A delivery address change the retailer has not applied yet. */
export const pendingAddressChangeSchema = z.object({
  requestedAt: z.iso.datetime(),
  address: deliveryAddressSchema,
});

/**
 * A superorder as the order service sends it (docs/product.md#data): the client shows
 * `superOrderCode` as the order code, `orders` as its products and `orderCount` as their count.
 * `status` and `label` are the least advanced of its lines (Cancelled only when all are).
 */
export const superOrderSchema = z.object({
  /** Key of GET {DeliveryApiUrl}/OrderDeliveryDates/{orderId}. */
  id: z.uuid(),
  superOrderCode: z.string().check(z.minLength(1)),
  createdAt: z.iso.datetime(),
  status: internalOrderStatusSchema,
  label: orderLabelSchema,
  source: orderSourceSchema,
  /** Sales channel of the brand it was ordered on, e.g. `photobox-uk`. */
  channel: z.string(),
  /** Absent while a delivery change is in progress. */
  deliveryType: z.optional(deliveryTypeSchema),
  deliveryAddress: deliveryAddressSchema,
  pendingAddressChange: z.nullable(pendingAddressChangeSchema),
  total: moneySchema,
  /**
   * Last day of the promised delivery window (ISO date): the order date plus the longest
   * promised delivery days of its products' articles (docs/product.md#data). Absent when the
   * order service does not know the articles; past it, an order not yet sent is delayed.
   */
  expectedDeliveryBy: z.optional(z.nullable(z.iso.date())),
  orderCount: z.int().check(z.minimum(0)),
  orders: z.array(orderLineSchema),
});
export type SuperOrder = z.infer<typeof superOrderSchema>;

const offsetQuery = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000));
const limitQuery = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(ORDER_PAGING.maxLimit));

/** GET /v2/superorders/me query; names as the order service spells them. */
export const superOrdersQuerySchema = z.object({
  Offset: z._default(offsetQuery, 0),
  Limit: z._default(limitQuery, ORDER_PAGING.superordersLimit),
  OrderState: z._default(orderStateFilterSchema, 'notExpired'),
});
export type SuperOrdersQuery = z.input<typeof superOrdersQuerySchema>;

/** GET /v2/superorders/me response, newest first. */
export const superOrderPageSchema = z.object({
  offset: z.int().check(z.minimum(0)),
  limit: z.int().check(z.minimum(1)),
  total: z.int().check(z.minimum(0)),
  items: z.array(superOrderSchema),
});
export type SuperOrderPage = z.infer<typeof superOrderPageSchema>;

/** An order code in a path (superorder and product codes alike). */
export const orderCodeSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]+$/));

export const superOrderCodeParamsSchema = z.object({ code: orderCodeSchema });

/** One inner order with the superorder it belongs to (GET /v1/Orders/{id}, GET /orders/byAccount). */
export const accountOrderSchema = z.extend(orderLineSchema, {
  superOrderCode: z.string(),
  superOrderId: z.uuid(),
  createdAt: z.iso.datetime(),
  channel: z.string(),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

export const ordersByAccountParamsSchema = z.object({ accountId: z.uuid() });

/** GET /orders/byAccount/{accountId} query. `articleNames`: comma-separated article types to keep. */
export const ordersByAccountQuerySchema = z.object({
  articleNames: z.optional(z.string().check(z.maxLength(1000))),
  offset: z._default(offsetQuery, 0),
  limit: z._default(limitQuery, ORDER_PAGING.byAccountLimit),
});
export type OrdersByAccountQuery = z.input<typeof ordersByAccountQuerySchema>;

export const accountOrderPageSchema = z.object({
  offset: z.int().check(z.minimum(0)),
  limit: z.int().check(z.minimum(1)),
  total: z.int().check(z.minimum(0)),
  items: z.array(accountOrderSchema),
});
export type AccountOrderPage = z.infer<typeof accountOrderPageSchema>;

export const deliveryAddressChangeResponseSchema = z.object({
  result: z.enum(['updated', 'requested']),
  order: superOrderSchema,
});
export type DeliveryAddressChangeResponse = z.infer<typeof deliveryAddressChangeResponseSchema>;

/** GET /v1/Orders/product/{productCode}/voucher: the voucher state of a line, read afresh. */
export const voucherRefreshSchema = z.object({
  productCode: z.string(),
  voucher: z.string(),
  voucherDetails: voucherDetailsSchema,
});
export type VoucherRefresh = z.infer<typeof voucherRefreshSchema>;

/**
 * The in-progress rule (docs/product.md#states): created within the last 30 days and no
 * dispatched line whose payment changed more than 14 days ago. Everything else is history.
 */
export function isOrderInProgress(
  order: {
    createdAt: string;
    orders: ReadonlyArray<{ status: InternalOrderStatus; paymentChangedDate: string | null }>;
  },
  now: Date = new Date(),
): boolean {
  const day = 86_400_000;
  const created = Date.parse(order.createdAt);
  if (!(now.getTime() - created <= IN_PROGRESS_DAYS.created * day)) return false;
  return !order.orders.some(
    (line) =>
      line.status === 'Dispatched' &&
      line.paymentChangedDate !== null &&
      now.getTime() - Date.parse(line.paymentChangedDate) >
        IN_PROGRESS_DAYS.dispatchedPayment * day,
  );
}
