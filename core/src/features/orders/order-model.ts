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
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}

/** Lines whose delivery address can still change: not every open line sent. */
export function canChangeDeliveryAddress(order: Order): boolean {
  if (order.pendingAddressChange) return false;
  const open = order.products.filter((line) => line.status !== 'Cancelled');
  return open.length > 0 && open.some((line) => line.status !== 'Dispatched');
}
