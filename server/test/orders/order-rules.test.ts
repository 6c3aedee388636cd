// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import type { InternalOrderStatus, OrderLabel, SuperOrder } from '@photo/core/api/schemas/order';
import { superOrderStatus } from '../../src/modules/orders/order-presenter.ts';
import { deliveryChangeOutcome } from '../../src/modules/orders/orders-routes.ts';
import { reorderAvailability } from '../../src/modules/reorder/reorder-routes.ts';

type Line = { status: InternalOrderStatus; label: OrderLabel };
const l = (status: InternalOrderStatus, label: OrderLabel = 'approved'): Line => ({
  status,
  label,
});

describe('superOrderStatus', () => {
  it.each<[string, Line[], [InternalOrderStatus, OrderLabel]]>([
    ['one line', [l('Confirmed', 'on_hold')], ['Confirmed', 'on_hold']],
    [
      'least advanced wins',
      [l('Dispatched', 'shipped'), l('ProductionStarted', 'delayed')],
      ['ProductionStarted', 'delayed'],
    ],
    [
      'completed before dispatched',
      [l('ProductionCompleted', 'producing'), l('Dispatched', 'shipped')],
      ['ProductionCompleted', 'producing'],
    ],
    [
      'cancelled lines are skipped',
      [l('Cancelled', 'cancelled'), l('Dispatched', 'shipped')],
      ['Dispatched', 'shipped'],
    ],
    [
      'all cancelled',
      [l('Cancelled', 'rejected'), l('Cancelled', 'cancelled')],
      ['Cancelled', 'rejected'],
    ],
    ['no lines', [], ['Cancelled', 'cancelled']],
  ])('%s', (_name, lines, [status, label]) => {
    expect(superOrderStatus(lines)).toEqual({ status, label });
  });
});

describe('deliveryChangeOutcome', () => {
  it.each<[InternalOrderStatus[], 'apply' | 'request' | 'refuse']>([
    [['Received'], 'apply'],
    [['Confirmed', 'Received'], 'apply'],
    [['Confirmed', 'Cancelled'], 'apply'],
    [['ProductionStarted'], 'request'],
    [['Confirmed', 'ProductionCompleted'], 'request'],
    [['Dispatched', 'ProductionCompleted'], 'request'],
    [['Dispatched'], 'refuse'],
    [['Dispatched', 'Cancelled'], 'refuse'],
    [['Cancelled'], 'refuse'],
    [[], 'refuse'],
  ])('%j → %s', (statuses, outcome) => {
    expect(deliveryChangeOutcome(statuses.map((status) => ({ status })))).toBe(outcome);
  });
});

describe('reorderAvailability', () => {
  const order = (lines: Array<[InternalOrderStatus, boolean]>) => {
    const orders = lines.map(([status], index) => ({ id: `line-${index}`, status }));
    return {
      order: { orders } as unknown as SuperOrder,
      reorderable: new Map(lines.map(([, ok], index) => [`line-${index}`, ok])),
    };
  };
  it.each<[Array<[InternalOrderStatus, boolean]>, boolean, string | null]>([
    [[['Dispatched', true]], true, null],
    [
      [
        ['Dispatched', true],
        ['Cancelled', false],
      ],
      true,
      null,
    ],
    [
      [
        ['Dispatched', true],
        ['ProductionStarted', true],
      ],
      false,
      'notDispatched',
    ],
    [[['Received', true]], false, 'notDispatched'],
    [[['Cancelled', true]], false, 'cancelled'],
    [[['Dispatched', false]], false, 'articleDiscontinued'],
  ])('%j → %s %s', (lines, available, reason) => {
    const { order: o, reorderable } = order(lines);
    expect(reorderAvailability(o, reorderable)).toEqual({ available, reason });
  });
});
