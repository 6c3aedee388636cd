import type { InternalOrderStatus, OrderLabel } from '../../api/schemas/order';
import { daysAgo, superOrder } from './order-fixtures.testing';
import { splitOrders, toOrder } from './order-model';
import { isDelayed, labelTone, statusPresentation } from './order-status';

const today = new Date('2026-03-10T12:00:00Z');

describe('the in-progress rule, read as customers meet it', () => {
  it('keeps a cancelled order of 3 days ago under In progress, saying it is over', () => {
    const order = toOrder(superOrder('PB1', 3, [{ status: 'Cancelled', paidDaysAgo: 3 }]));
    expect(splitOrders([order]).inProgress).toEqual([order]);
    const state = statusPresentation({ ...order, label: 'cancelled' });
    expect(state).toMatchObject({ status: 'Cancelled', color: 'red', note: 'cancelled' });
    expect(state.payNow).toBe(false);
  });

  it('puts a six-week-old order still in production under History, marked delayed', () => {
    const order = toOrder({
      ...superOrder('PB2', 42, [{ status: 'ProductionStarted', paidDaysAgo: 41 }]),
      label: 'producing',
      expectedDeliveryBy: daysAgo(32).slice(0, 10),
    });
    expect(splitOrders([order]).history).toEqual([order]);
    const state = statusPresentation(order);
    expect(state).toMatchObject({
      status: 'InProduction',
      color: 'cyan',
      label: 'delayed',
      labelTone: 'delayed',
      note: 'delayed',
      delayed: true,
    });
  });
});

describe('statusPresentation: what each state shows and offers', () => {
  it.each<
    [
      InternalOrderStatus,
      OrderLabel,
      {
        color: 'red' | 'cyan';
        label: OrderLabel;
        labelTone: string;
        note: string | null;
        payNow: boolean;
      },
    ]
  >([
    [
      'Received',
      'paymentPending',
      {
        color: 'cyan',
        label: 'paymentPending',
        labelTone: 'waiting',
        note: 'paymentPending',
        payNow: true,
      },
    ],
    [
      'Received',
      'paymentFailed',
      {
        color: 'cyan',
        label: 'paymentFailed',
        labelTone: 'failed',
        note: 'paymentFailed',
        payNow: true,
      },
    ],
    [
      'Received',
      'verification failed',
      {
        color: 'cyan',
        label: 'verification failed',
        labelTone: 'failed',
        note: 'verificationFailed',
        payNow: true,
      },
    ],
    [
      'Confirmed',
      'paymentSuccess',
      { color: 'cyan', label: 'paymentSuccess', labelTone: 'neutral', note: null, payNow: false },
    ],
    [
      'Confirmed',
      'processing failed',
      {
        color: 'cyan',
        label: 'processing failed',
        labelTone: 'failed',
        note: null,
        payNow: false,
      },
    ],
    [
      'Confirmed',
      'on_hold',
      { color: 'cyan', label: 'on_hold', labelTone: 'waiting', note: null, payNow: false },
    ],
    [
      'ProductionStarted',
      'delayed',
      { color: 'cyan', label: 'delayed', labelTone: 'delayed', note: 'delayed', payNow: false },
    ],
    [
      'Dispatched',
      'shipped',
      { color: 'cyan', label: 'shipped', labelTone: 'neutral', note: null, payNow: false },
    ],
    [
      'Cancelled',
      'rejected',
      { color: 'red', label: 'rejected', labelTone: 'failed', note: 'cancelled', payNow: false },
    ],
  ])('%s / %s', (status, label, expected) => {
    expect(statusPresentation({ status, label, expectedDeliveryBy: null }, today)).toMatchObject(
      expected,
    );
  });

  it('tones the labels: failures red, delays orange, waiting for the customer', () => {
    expect(labelTone('paymentFailed')).toBe('failed');
    expect(labelTone('verification failed')).toBe('failed');
    expect(labelTone('delayed')).toBe('delayed');
    expect(labelTone('paymentPending')).toBe('waiting');
    expect(labelTone('producing')).toBe('neutral');
  });
});

describe('isDelayed: past the last day of the delivery window and not sent', () => {
  it.each<[InternalOrderStatus, string | null, boolean]>([
    ['Confirmed', '2026-03-09', true],
    ['ProductionCompleted', '2026-03-09', true],
    // The last day itself is still on time.
    ['ProductionStarted', '2026-03-10', false],
    ['ProductionStarted', '2026-03-11', false],
    ['ProductionStarted', null, false],
    // Sent, cancelled and unpaid orders are never "delayed".
    ['Dispatched', '2026-03-01', false],
    ['Cancelled', '2026-03-01', false],
    ['Received', '2026-03-01', false],
  ])('%s, window ends %s: %s', (status, expectedDeliveryBy, delayed) => {
    expect(isDelayed({ status, label: 'producing', expectedDeliveryBy }, today)).toBe(delayed);
  });

  it('believes the order service when it says delayed', () => {
    expect(isDelayed({ status: 'ProductionStarted', label: 'delayed' }, today)).toBe(true);
  });
});
