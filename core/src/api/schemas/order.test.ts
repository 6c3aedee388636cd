import { isOrderInProgress, orderDisplayStatus } from './order';
import type { InternalOrderStatus, OrderDisplayStatus } from './order';

const DAY = 86_400_000;
const now = new Date('2026-03-15T12:00:00.000Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

describe('orderDisplayStatus', () => {
  it.each<[InternalOrderStatus, OrderDisplayStatus]>([
    ['Received', 'AwaitingPayment'],
    ['Confirmed', 'Ordered'],
    ['ProductionStarted', 'InProduction'],
    ['ProductionCompleted', 'InProduction'],
    ['Dispatched', 'Sent'],
    ['Cancelled', 'Cancelled'],
  ])('%s is shown as %s', (internal, shown) => {
    expect(orderDisplayStatus(internal)).toBe(shown);
  });
});

describe('isOrderInProgress', () => {
  type Line = { status: InternalOrderStatus; paymentChangedDate: string | null };
  const line = (status: InternalOrderStatus, paidDaysAgo: number | null = 1): Line => ({
    status,
    paymentChangedDate: paidDaysAgo === null ? null : ago(paidDaysAgo),
  });

  it.each<[string, number, Line[], boolean]>([
    ['created today', 0, [line('Confirmed')], true],
    ['created 29 days ago', 29, [line('Confirmed')], true],
    ['created exactly 30 days ago', 30, [line('Confirmed')], true],
    ['created 30 days and a minute ago', 30 + 1 / 1440, [line('Confirmed')], false],
    ['created 31 days ago', 31, [line('ProductionStarted')], false],
    ['dispatched, payment changed 13 days ago', 20, [line('Dispatched', 13)], true],
    ['dispatched, payment changed exactly 14 days ago', 20, [line('Dispatched', 14)], true],
    [
      'dispatched, payment changed 14 days and a minute ago',
      20,
      [line('Dispatched', 14 + 1 / 1440)],
      false,
    ],
    ['dispatched, payment changed 15 days ago', 20, [line('Dispatched', 15)], false],
    [
      'one of two lines dispatched 15 days ago',
      20,
      [line('Confirmed', 15), line('Dispatched', 15)],
      false,
    ],
    ['not dispatched, payment changed 15 days ago', 20, [line('ProductionCompleted', 15)], true],
    ['dispatched without a payment date', 20, [line('Dispatched', null)], true],
    ['cancelled 10 days ago', 10, [line('Cancelled', 10)], true],
    ['no lines, created 2 days ago', 2, [], true],
  ])('%s → %s', (_name, createdDaysAgo, orders, expected) => {
    expect(isOrderInProgress({ createdAt: ago(createdDaysAgo), orders }, now)).toBe(expected);
  });
});
