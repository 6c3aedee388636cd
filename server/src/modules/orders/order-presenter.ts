import type {
  AccountOrder,
  DeliveryAddress,
  InternalOrderStatus,
  OrderLabel,
  OrderLine,
  SuperOrder,
  VoucherDetails,
} from '@photo/core/api/schemas/order';
import type {
  PresentedLineRow,
  PresentedPendingRow,
  SuperOrderPageItem,
  SuperOrderRow,
} from './orders-repository.ts';
import { articleTitle, expectedDeliveryBy } from './articles.ts';
import { findSalesChannel } from './channels.ts';

/** The request's locale, else the locale of the channel the order was placed on. */
export const localeOf = (channel: string, requested: string | undefined) =>
  requested ?? findSalesChannel(channel)?.locale ?? 'en-GB';

/** How far along each status is; Cancelled stands apart. */
const progress: Record<Exclude<InternalOrderStatus, 'Cancelled'>, number> = {
  Received: 0,
  Confirmed: 1,
  ProductionStarted: 2,
  ProductionCompleted: 3,
  Dispatched: 4,
};

/**
 * The status and label of a superorder: those of its least advanced line that is not
 * cancelled; Cancelled only when every line is (or it has none).
 */
export function superOrderStatus(
  lines: ReadonlyArray<{ status: InternalOrderStatus; label: OrderLabel }>,
): { status: InternalOrderStatus; label: OrderLabel } {
  let least: { status: InternalOrderStatus; label: OrderLabel } | undefined;
  for (const line of lines) {
    if (line.status === 'Cancelled') continue;
    if (!least || progress[line.status] < progress[least.status as keyof typeof progress])
      least = { status: line.status, label: line.label };
  }
  return least ?? { status: 'Cancelled', label: lines[0]?.label ?? 'cancelled' };
}

/** A product line; its name in `locale` (docs/product.md#data "Product names"). */
export function presentLine(row: PresentedLineRow, currency: string, locale: string): OrderLine {
  return {
    id: row.id,
    code: row.code,
    articleType: row.article_type,
    title: articleTitle(row.article_type, row.title, locale),
    quantity: row.quantity,
    status: row.status,
    label: row.label,
    paymentChangedDate: row.payment_changed_at,
    voucher: row.voucher_option_code,
    voucherDetails: row.voucher_details
      ? (JSON.parse(row.voucher_details) as VoucherDetails)
      : null,
    price: { amount: row.price_amount, currency },
    hasPdf: row.has_pdf === 1,
  };
}

export function presentSuperOrder(
  row: SuperOrderRow,
  lines: readonly PresentedLineRow[],
  pending: PresentedPendingRow | undefined,
  /** The locale the request asks for (its brand host); default the order's channel's. */
  locale?: string,
): SuperOrder {
  const orders = lines.map((line) =>
    presentLine(line, row.currency, localeOf(row.channel, locale)),
  );
  return {
    id: row.id,
    superOrderCode: row.code,
    createdAt: row.created_at,
    ...superOrderStatus(orders),
    source: row.source,
    channel: row.channel,
    ...(row.delivery_type ? { deliveryType: row.delivery_type } : {}),
    deliveryAddress: JSON.parse(row.delivery_address) as DeliveryAddress,
    pendingAddressChange: pending
      ? {
          requestedAt: pending.requested_at,
          address: JSON.parse(pending.address) as DeliveryAddress,
        }
      : null,
    total: { amount: row.total_amount, currency: row.currency },
    expectedDeliveryBy: expectedDeliveryBy(
      row.created_at,
      lines.map((line) => line.article_type),
    ),
    orderCount: orders.length,
    orders,
  };
}

/** A list page's superorders, each with its lines and pending change, in the page's order. */
export function presentSuperOrders(
  items: readonly SuperOrderPageItem[],
  locale?: string,
): SuperOrder[] {
  return items.map((item) => presentSuperOrder(item.row, item.lines, item.pending, locale));
}

export function presentAccountOrder(
  line: PresentedLineRow,
  superorder: { id: string; code: string; created_at: string; channel: string; currency: string },
  locale?: string,
): AccountOrder {
  return {
    ...presentLine(line, superorder.currency, localeOf(superorder.channel, locale)),
    superOrderCode: superorder.code,
    superOrderId: superorder.id,
    createdAt: superorder.created_at,
    channel: superorder.channel,
  };
}
