import type { InternalOrderStatus } from '../../api/schemas/order';
import { daysAgo, now, superOrder } from './order-fixtures.testing';
import {
  canChangeDeliveryAddress,
  pageOf,
  pageSlot,
  readOrderListQuery,
  splitOrderList,
  splitOrders,
  statusColor,
  toOrder,
} from './order-model';

describe('toOrder', () => {
  it('maps superOrderCode, inner orders and orderCount', () => {
    const order = toOrder(superOrder('PB1', 1, [{ status: 'Confirmed', paidDaysAgo: 1 }]));
    expect(order.orderCode).toBe('PB1');
    expect(order.productCount).toBe(1);
    expect(order.products.map((product) => product.code)).toEqual(['PB1-1']);
  });

  it.each<[InternalOrderStatus, string, 'red' | 'cyan']>([
    ['Received', 'AwaitingPayment', 'cyan'],
    ['Confirmed', 'Ordered', 'cyan'],
    ['ProductionStarted', 'InProduction', 'cyan'],
    ['ProductionCompleted', 'InProduction', 'cyan'],
    ['Dispatched', 'Sent', 'cyan'],
    ['Cancelled', 'Cancelled', 'red'],
  ])('shows %s as %s in %s', (status, shown, colour) => {
    const order = toOrder(superOrder('PB1', 1, [{ status, paidDaysAgo: 1 }]));
    expect(order.displayStatus).toBe(shown);
    expect(statusColor(order.displayStatus)).toBe(colour);
  });
});

describe('splitOrders: the in-progress rule at its boundaries', () => {
  it.each<
    [string, number, Array<{ status: InternalOrderStatus; paidDaysAgo: number | null }>, string]
  >([
    ['created today', 0, [{ status: 'Received', paidDaysAgo: null }], 'inProgress'],
    ['created 29 days ago', 29, [{ status: 'Confirmed', paidDaysAgo: 29 }], 'inProgress'],
    ['created exactly 30 days ago', 30, [{ status: 'Confirmed', paidDaysAgo: 30 }], 'inProgress'],
    [
      'created 30 days and a minute ago',
      30.001,
      [{ status: 'Confirmed', paidDaysAgo: 30 }],
      'history',
    ],
    ['created 31 days ago', 31, [{ status: 'ProductionCompleted', paidDaysAgo: 31 }], 'history'],
    ['dispatched, paid 13 days ago', 20, [{ status: 'Dispatched', paidDaysAgo: 13 }], 'inProgress'],
    [
      'dispatched, paid exactly 14 days ago',
      20,
      [{ status: 'Dispatched', paidDaysAgo: 14 }],
      'inProgress',
    ],
    [
      'dispatched, paid 14 days and a minute ago',
      20,
      [{ status: 'Dispatched', paidDaysAgo: 14.001 }],
      'history',
    ],
    ['dispatched, paid 15 days ago', 20, [{ status: 'Dispatched', paidDaysAgo: 15 }], 'history'],
    [
      'dispatched without a payment date',
      5,
      [{ status: 'Dispatched', paidDaysAgo: null }],
      'inProgress',
    ],
    [
      'not dispatched, paid 20 days ago',
      25,
      [{ status: 'ProductionStarted', paidDaysAgo: 20 }],
      'inProgress',
    ],
    [
      'one of two lines dispatched 15 days ago',
      20,
      [
        { status: 'Confirmed', paidDaysAgo: 20 },
        { status: 'Dispatched', paidDaysAgo: 15 },
      ],
      'history',
    ],
  ])('%s → %s', (_name, created, lines, list) => {
    const order = toOrder(superOrder('PB9', created, lines));
    const lists = splitOrders([order], now);
    expect(lists[list as 'inProgress' | 'history']).toEqual([order]);
  });

  it('keeps the order of the list', () => {
    const orders = [1, 2, 3].map((day) =>
      toOrder(superOrder(`PB${day}`, day, [{ status: 'Confirmed', paidDaysAgo: day }])),
    );
    expect(splitOrders(orders, now).inProgress.map((order) => order.orderCode)).toEqual([
      'PB1',
      'PB2',
      'PB3',
    ]);
  });
});

describe('readOrderListQuery', () => {
  it.each([
    ['', 'inProgress', 1],
    ['order_state=history&page=3', 'history', 3],
    ['order_state=nonsense&page=-1', 'inProgress', 1],
    ['page=2.5', 'inProgress', 1],
  ])('%s', (query, state, page) => {
    expect(readOrderListQuery(new URLSearchParams(query))).toEqual({ state, page });
  });
});

describe('pageOf', () => {
  it('pages by 10 and clamps past the end', () => {
    const items = Array.from({ length: 23 }, (_, index) => index);
    expect(pageOf(items, 3)).toEqual({ items: [20, 21, 22], page: 3, pages: 3 });
    expect(pageOf(items, 9).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pages: 1 });
  });
});

describe('canChangeDeliveryAddress', () => {
  it('is refused once every open line is sent, or a change waits', () => {
    const sent = toOrder(superOrder('PB1', 3, [{ status: 'Dispatched', paidDaysAgo: 1 }]));
    const open = toOrder(superOrder('PB2', 3, [{ status: 'Confirmed', paidDaysAgo: 1 }]));
    const waiting = {
      ...open,
      pendingAddressChange: { requestedAt: daysAgo(1), address: open.deliveryAddress },
    };
    expect(canChangeDeliveryAddress(sent)).toBe(false);
    expect(canChangeDeliveryAddress(open)).toBe(true);
    expect(canChangeDeliveryAddress(waiting)).toBe(false);
  });
});

describe('splitOrderList: the counts of a partly loaded list', () => {
  const recent = toOrder(superOrder('PB1', 2, [{ status: 'Confirmed', paidDaysAgo: 2 }]));
  const sent = toOrder(superOrder('PB2', 20, [{ status: 'Dispatched', paidDaysAgo: 20 }]));
  const old = toOrder(superOrder('PB3', 31, [{ status: 'Dispatched', paidDaysAgo: 31 }]));

  it('knows them once the loaded orders reach past the 30 days: the rest is history', () => {
    const { lists, counts } = splitOrderList(
      { orders: [recent, sent, old], total: 250, rest: 'loading' },
      now,
    );
    expect(lists.inProgress.map((order) => order.orderCode)).toEqual(['PB1']);
    expect(counts).toEqual({ inProgress: 1, history: 249 });
  });

  it('does not know them while every loaded order is recent enough to be in progress', () => {
    expect(
      splitOrderList({ orders: [recent, sent], total: 250, rest: 'loading' }, now).counts,
    ).toBeUndefined();
    // A failed rest does not make them known either.
    expect(
      splitOrderList({ orders: [recent, sent], total: 250, rest: 'failed' }, now).counts,
    ).toBeUndefined();
  });

  it('counts what is loaded once everything is', () => {
    expect(
      splitOrderList({ orders: [recent, sent], total: 2, rest: 'loaded' }, now).counts,
    ).toEqual({ inProgress: 1, history: 1 });
  });
});

describe('pageSlot', () => {
  it('places a page of a list by its count, clamped to the last page', () => {
    expect(pageSlot(25, 2)).toEqual({ page: 2, pages: 3, first: 10, length: 10 });
    expect(pageSlot(25, 9)).toEqual({ page: 3, pages: 3, first: 20, length: 5 });
    expect(pageSlot(0, 1)).toEqual({ page: 1, pages: 1, first: 0, length: 0 });
  });
});
