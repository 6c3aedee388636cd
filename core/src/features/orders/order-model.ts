import { isOrderInProgress, orderDisplayStatus } from '../../api/schemas/order';
import type {
  DeliveryAddress,
  DeliveryType,
  InternalOrderStatus,
  Money,
  OrderDisplayStatus,
  OrderLabel,
  OrderLine,
  OrderSource,
  SuperOrder,
} from '../../api/schemas/order';

/**
 * An order as the screens show it (docs/product.md#data Order): the superorder's
 * `superOrderCode` is the order code, its inner orders are the products and `orderCount` is the
 * product count.
 */
export interface Order {
  /** The superorder id: key of the delivery dates. */
  id: string;
  orderCode: string;
  createdAt: string;
  status: InternalOrderStatus;
  displayStatus: OrderDisplayStatus;
  label: OrderLabel;
  source: OrderSource;
  channel: string;
  /** Absent while a delivery change is in progress. */
  deliveryType: DeliveryType | undefined;
  deliveryAddress: DeliveryAddress;
  pendingAddressChange: SuperOrder['pendingAddressChange'];
  total: Money;
  /** Last day of the promised delivery window (ISO date), if the order service knows it. */
  expectedDeliveryBy: string | null;
  productCount: number;
  products: OrderLine[];
}

export function toOrder(superOrder: SuperOrder): Order {
  return {
    id: superOrder.id,
    orderCode: superOrder.superOrderCode,
    createdAt: superOrder.createdAt,
    status: superOrder.status,
    displayStatus: orderDisplayStatus(superOrder.status),
    label: superOrder.label,
    source: superOrder.source,
    channel: superOrder.channel,
    deliveryType: superOrder.deliveryType,
    deliveryAddress: superOrder.deliveryAddress,
    pendingAddressChange: superOrder.pendingAddressChange,
    total: superOrder.total,
    expectedDeliveryBy: superOrder.expectedDeliveryBy ?? null,
    productCount: superOrder.orderCount,
    products: superOrder.orders,
  };
}

/**
 * The customer's order list as far as it is loaded (`getOrders`): the first API page at once,
 * the rest behind it (docs/product.md#screens "My orders").
 */
export interface OrderList {
  /** Newest first, the API's order; the first page, then every page once the rest is in. */
  orders: Order[];
  /** Every order of the customer (the API's `total`). */
  total: number;
  /** The pages after the first: still loading, all in (or none), or one of them failed. */
  rest: 'loading' | 'loaded' | 'failed';
  /** Which load this is (a refetch starts another). */
  load: number;
}

/** The two order lists of docs/product.md#states; the order of `orders` is kept. */
export const ORDER_LIST_STATES = ['inProgress', 'history'] as const;
export type OrderListState = (typeof ORDER_LIST_STATES)[number];

export function splitOrders(
  orders: readonly Order[],
  now: Date = new Date(),
): Record<OrderListState, Order[]> {
  const lists: Record<OrderListState, Order[]> = { inProgress: [], history: [] };
  for (const order of orders) {
    lists[
      isOrderInProgress({ createdAt: order.createdAt, orders: order.products }, now)
        ? 'inProgress'
        : 'history'
    ].push(order);
  }
  return lists;
}

/**
 * The two lists of a partly loaded `OrderList` and the final size of each, when it is known
 * already. The API answers newest first and only orders of the last 30 days can be in progress:
 * once the loaded orders reach past that window, every order still to come is history, so the
 * in-progress list is whole and history's count is the total minus it. For nearly every
 * customer that is the first page, so the tab counts and page numbers are right from the first
 * paint and never change while the rest loads. `counts` is undefined until then.
 */
export function splitOrderList(
  list: Pick<OrderList, 'orders' | 'total' | 'rest'>,
  now: Date = new Date(),
): {
  lists: Record<OrderListState, Order[]>;
  counts: Record<OrderListState, number> | undefined;
} {
  const lists = splitOrders(list.orders, now);
  const last = list.orders.at(-1);
  const inProgressWhole =
    list.rest === 'loaded' ||
    (last !== undefined && !isOrderInProgress({ createdAt: last.createdAt, orders: [] }, now));
  if (!inProgressWhole) return { lists, counts: undefined };
  const inProgress = lists.inProgress.length;
  return {
    lists,
    counts: {
      inProgress,
      history: list.rest === 'loaded' ? lists.history.length : list.total - inProgress,
    },
  };
}

/** Badge colour (docs/product.md#states): Cancelled red, every other status cyan. */
export function statusColor(status: OrderDisplayStatus): 'red' | 'cyan' {
  return status === 'Cancelled' ? 'red' : 'cyan';
}

/** Orders per page of each list (product decision: docs/product.md#limits). */
export const ORDERS_PAGE_SIZE = 10;

/** `page` and `order_state` of the query string, bad values read as the defaults. */
export function readOrderListQuery(search: URLSearchParams): {
  state: OrderListState;
  page: number;
} {
  const state = search.get('order_state');
  const page = Number(search.get('page'));
  return {
    state: state === 'history' ? 'history' : 'inProgress',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The page `page` of `items` (clamped to the last page) and the number of pages. */
export function pageOf<T>(items: readonly T[], page: number, size = ORDERS_PAGE_SIZE) {
  const { page: current, pages, first, length } = pageSlot(items.length, page, size);
  return { items: items.slice(first, first + length), page: current, pages };
}

/**
 * Where page `page` of a list of `count` items lies (clamped to the last page): its first index,
 * how many items it holds, and the number of pages. A page whose items are not all loaded yet
 * keeps this much room (docs/product.md#screens "My orders").
 */
export function pageSlot(count: number, page: number, size = ORDERS_PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(count / size));
  const current = Math.min(Math.max(1, page), pages);
  const first = (current - 1) * size;
  return { page: current, pages, first, length: Math.max(0, Math.min(size, count - first)) };
}

/** Lines whose delivery address can still change: not every open line sent. */
export function canChangeDeliveryAddress(order: Order): boolean {
  if (order.pendingAddressChange) return false;
  const open = order.products.filter((line) => line.status !== 'Cancelled');
  return open.length > 0 && open.some((line) => line.status !== 'Dispatched');
}
