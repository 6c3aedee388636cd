import { baseApi } from '../../api/base-api';
import type { ApiError } from '../../api/base-api';
import { checked, parseResponse, schemaFailure } from '../../api/checked-response';
import {
  orderDeliveryDatesSchema,
  reorderResponseSchema,
  reorderStatusSchema,
} from '../../api/schemas/delivery';
import type {
  OrderDeliveryDates,
  ReorderResponse,
  ReorderStatus,
} from '../../api/schemas/delivery';
import {
  accountOrderPageSchema,
  deliveryAddressChangeResponseSchema,
  ORDER_PAGING,
  superOrderPageSchema,
  superOrderSchema,
  voucherRefreshSchema,
} from '../../api/schemas/order';
import type {
  AccountOrderPage,
  DeliveryAddressChangeResponse,
  SuperOrder,
  VoucherRefresh,
} from '../../api/schemas/order';
import type { DeliveryAddressChangeRequest } from '../../api/schemas/order-address';
import { voucherOfferSchema } from '../../api/schemas/voucher';
import type { VoucherOffer } from '../../api/schemas/voucher';
import { productPdfsResponseSchema, productSchema } from '../../api/schemas/product';
import type { Product, ProductPdfsResponse } from '../../api/schemas/product';
import { toOrder } from './order-model';
import type { Order, OrderList } from './order-model';
import { whenOrderListShown } from './order-list-shown';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Orders', 'Order'] });

/** Counts the order-list loads, so the pages of an older load never land in a newer one. */
let orderLoads = 0;

/** Online products per page: the by-account list's default limit (docs/product.md#limits). */
export const ONLINE_PRODUCTS_PAGE_SIZE = ORDER_PAGING.byAccountLimit;

/**
 * The order, product, delivery and reorder calls of docs/product.md#apis ("Orders and saved
 * projects", "Invoices, products, PDFs", "Delivery, cut-off, reorder").
 */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every order of the customer: GET /v2/superorders/me page by page (Offset/Limit 0/100)
     * until the total (docs/product.md#screens "My orders"). The first page tells the total and
     * is the answer at once, so the list paints with it; the other pages are asked for together
     * behind it and appended in the API's order (newest first) when all of them are in, so what
     * is on screen never reorders. `rest` says how that went.
     */
    getOrders: build.query<OrderList, void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const limit = ORDER_PAGING.superordersLimit;
        const readPage = async (offset: number) => {
          const result = await baseQuery({
            api: 'orders',
            url: '/v2/superorders/me',
            params: { Offset: offset, Limit: limit, OrderState: 'notExpired' },
          });
          if (result.error) return { error: result.error as ApiError };
          return parseResponse(superOrderPageSchema, result.data);
        };
        const first = await readPage(0);
        if ('error' in first) return first;
        const offsets: number[] = [];
        for (let offset = limit; offset < first.data.total; offset += limit) offsets.push(offset);
        const load = (orderLoads += 1);
        if (offsets.length > 0)
          // The other pages are asked for once a screen has painted the first one
          // (`order-list-shown.ts`): reading 19 pages at once held its paint back.
          void whenOrderListShown(load)
            .then(() => Promise.all(offsets.map(readPage)))
            .then((pages) =>
              dispatch(
                ordersApi.util.updateQueryData('getOrders', undefined, (draft) => {
                  // A refetch started since: its own first page replaced this load's.
                  if (draft.load !== load) return;
                  if (pages.some((page) => 'error' in page)) {
                    draft.rest = 'failed';
                    return;
                  }
                  for (const page of pages)
                    if (!('error' in page)) draft.orders.push(...page.data.items.map(toOrder));
                  draft.rest = 'loaded';
                }),
              ),
            );
        const list: OrderList = {
          orders: first.data.items.map(toOrder),
          total: first.data.total,
          rest: offsets.length > 0 ? 'loading' : 'loaded',
          load,
        };
        return { data: list };
      },
      providesTags: ['Orders'],
    }),
    /** GET /v1/superorders/{code}: one order (404 = not found). */
    getOrder: build.query<Order, string>({
      query: (code) => ({ api: 'orders', url: `/v1/superorders/${encodeURIComponent(code)}` }),
      // The body is checked before it is mapped.
      rawResponseSchema: superOrderSchema,
      catchSchemaFailure: schemaFailure,
      transformResponse: (superOrder: SuperOrder) => toOrder(superOrder),
      providesTags: (_result, _error, code) => [{ type: 'Order', id: code }],
    }),
    /** PUT /v1/superorders/{code}/deliveryAddress: 200 updated, 202 requested. */
    changeDeliveryAddress: build.mutation<
      DeliveryAddressChangeResponse,
      { orderCode: string; change: DeliveryAddressChangeRequest }
    >({
      query: ({ orderCode, change }) => ({
        api: 'orders',
        url: `/v1/superorders/${encodeURIComponent(orderCode)}/deliveryAddress`,
        method: 'PUT',
        body: change,
      }),
      ...checked(deliveryAddressChangeResponseSchema),
      invalidatesTags: (_result, error, { orderCode }) =>
        error ? [] : ['Orders', { type: 'Order', id: orderCode }],
    }),
    /** GET /OrderDeliveryDates/{orderId}; 404 means no dates yet and reads as null. */
    getDeliveryDates: build.query<OrderDeliveryDates | null, string>({
      async queryFn(orderId, _api, _extra, baseQuery) {
        const result = await baseQuery({
          api: 'delivery',
          url: `/OrderDeliveryDates/${encodeURIComponent(orderId)}`,
        });
        if (result.error) {
          const error = result.error as ApiError;
          return error.status === 404 ? { data: null } : { error };
        }
        return parseResponse(orderDeliveryDatesSchema, result.data);
      },
    }),
    /** GET /reorder/status/{orderCode}: whether the order can be ordered again. */
    getReorderStatus: build.query<ReorderStatus, string>({
      query: (code) => ({ api: 'reorder', url: `/reorder/status/${encodeURIComponent(code)}` }),
      ...checked(reorderStatusSchema),
    }),
    /** POST ?OrderCode={code}: a storefront basket with the order's products (ShopUrl). */
    reorder: build.mutation<ReorderResponse, string>({
      query: (code) => ({ api: 'reorder', url: '/', method: 'POST', params: { OrderCode: code } }),
      ...checked(reorderResponseSchema),
    }),
    /** GET /orders/byAccount/{accountId}?offset&limit: the products ordered, newest first. */
    getAccountProducts: build.query<
      AccountOrderPage,
      { accountId: string; offset: number; limit?: number }
    >({
      query: ({ accountId, offset, limit = ONLINE_PRODUCTS_PAGE_SIZE }) => ({
        api: 'orders',
        url: `/orders/byAccount/${encodeURIComponent(accountId)}`,
        params: { offset, limit },
      }),
      ...checked(accountOrderPageSchema),
    }),
    /**
     * GET {VoucherApiUrl}/api/v1/campaigns/offers/{voucherOptionCode}: the offer a voucher line
     * was bought from; 404 means no such voucher and reads as null (docs/product.md#messages).
     */
    getVoucherOffer: build.query<VoucherOffer | null, string>({
      async queryFn(code, _api, _extra, baseQuery) {
        const result = await baseQuery({
          api: 'voucher',
          url: `/api/v1/campaigns/offers/${encodeURIComponent(code)}`,
        });
        if (result.error) {
          const error = result.error as ApiError;
          return error.status === 404 ? { data: null } : { error };
        }
        return parseResponse(voucherOfferSchema, result.data);
      },
    }),
    /** GET /v1/Orders/product/{productCode}/voucher: a voucher line's state, read afresh. */
    getVoucherState: build.query<VoucherRefresh, string>({
      query: (productCode) => ({
        api: 'orders',
        url: `/v1/Orders/product/${encodeURIComponent(productCode)}/voucher`,
      }),
      ...checked(voucherRefreshSchema),
    }),
    /** GET /v1/Products/{code}: one product with its files. */
    getProduct: build.query<Product, string>({
      query: (code) => ({
        api: 'products',
        url: `/v1/Products/${encodeURIComponent(code)}`,
        params: { extendResponseCommand: 'none', extendResponseWithUrls: false },
      }),
      ...checked(productSchema),
    }),
    /** GET /v1/Pdfs/me: every product with a PDF, by product code. */
    getProductPdfs: build.query<ProductPdfsResponse, void>({
      query: () => ({ api: 'products', url: '/v1/Pdfs/me' }),
      ...checked(productPdfsResponseSchema),
    }),
  }),
});

export const {
  useGetOrdersQuery,
  useGetOrderQuery,
  useChangeDeliveryAddressMutation,
  useGetDeliveryDatesQuery,
  useGetReorderStatusQuery,
  useReorderMutation,
  useGetAccountProductsQuery,
  useGetProductQuery,
  useGetProductPdfsQuery,
  useGetVoucherOfferQuery,
  useGetVoucherStateQuery,
} = ordersApi;

/** The path of a product's print PDF below ProductsApiUrl. */
export const productPdfPath = (code: string) => `/v1/pdf/me/${encodeURIComponent(code)}`;
