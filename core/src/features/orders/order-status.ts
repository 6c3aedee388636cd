import type { InternalOrderStatus, OrderDisplayStatus, OrderLabel } from '../../api/schemas/order';
import { orderDisplayStatus } from '../../api/schemas/order';
import { statusColor } from './order-model';

/** How the label badge beside the status reads (docs/product.md#states "What a customer can do"). */
export type LabelTone = 'failed' | 'waiting' | 'delayed' | 'neutral';

/** The sentence under an order's status that says where it stands, if it needs one. */
export type StatusNote =
  'cancelled' | 'paymentPending' | 'paymentFailed' | 'verificationFailed' | 'delayed';

/** Everything an order's status shows: badge, label badge, the note and the action. */
export interface StatusPresentation {
  status: OrderDisplayStatus;
  /** Cancelled red, the others cyan. */
  color: 'red' | 'cyan';
  /** The label badge: the order service's label, or `delayed` once the delivery window passed. */
  label: OrderLabel;
  labelTone: LabelTone;
  note: StatusNote | null;
  /** The storefront's payment page is offered (an order awaiting payment). */
  payNow: boolean;
  delayed: boolean;
}

const failedLabels: ReadonlySet<OrderLabel> = new Set([
  'paymentFailed',
  'verification failed',
  'processing failed',
  'rejected',
]);

/** The tone of a label badge: failed states red, delayed orange, waiting for the customer. */
export function labelTone(label: OrderLabel): LabelTone {
  if (failedLabels.has(label)) return 'failed';
  if (label === 'delayed') return 'delayed';
  if (label === 'paymentPending' || label === 'on_hold') return 'waiting';
  return 'neutral';
}

/**
 * An order or product line is delayed when the retailer says so (label `delayed`) or when the
 * last day of its delivery window (`expectedDeliveryBy`, docs/product.md#data) is before today
 * while it is paid for and neither sent nor cancelled.
 */
export function isDelayed(
  item: { status: InternalOrderStatus; label: OrderLabel; expectedDeliveryBy?: string | null },
  now: Date = new Date(),
): boolean {
  const display = orderDisplayStatus(item.status);
  if (display === 'Sent' || display === 'Cancelled' || display === 'AwaitingPayment') return false;
  if (item.label === 'delayed') return true;
  if (!item.expectedDeliveryBy) return false;
  return now.toISOString().slice(0, 10) > item.expectedDeliveryBy;
}

/** The status presentation of an order or a product line (docs/product.md#states). */
export function statusPresentation(
  item: { status: InternalOrderStatus; label: OrderLabel; expectedDeliveryBy?: string | null },
  now: Date = new Date(),
): StatusPresentation {
  const status = orderDisplayStatus(item.status);
  const delayed = isDelayed(item, now);
  const label: OrderLabel = delayed ? 'delayed' : item.label;
  let note: StatusNote | null = null;
  if (status === 'Cancelled') note = 'cancelled';
  else if (delayed) note = 'delayed';
  else if (status === 'AwaitingPayment')
    note =
      item.label === 'paymentFailed'
        ? 'paymentFailed'
        : item.label === 'verification failed'
          ? 'verificationFailed'
          : 'paymentPending';
  return {
    status,
    color: statusColor(status),
    label,
    labelTone: labelTone(label),
    note,
    payNow: status === 'AwaitingPayment',
    delayed,
  };
}
