import type { Selectable } from 'kysely';
import type {
  DeliveryAddressChangesTable,
  OrdersTable,
  SuperordersTable,
} from '../../db/tables/orders.ts';

/** The rows the order repository reads and the presenter turns into API shapes. */

export type SuperOrderRow = Selectable<SuperordersTable>;
/** An inner order with whether its print PDF exists. */
export type OrderLineRow = Selectable<OrdersTable> & { has_pdf: number };
export type PendingChangeRow = Selectable<DeliveryAddressChangesTable>;

/** A line as presented (`presentLine`): these columns and `has_pdf`. */
export type PresentedLineRow = Pick<
  OrderLineRow,
  | 'id'
  | 'code'
  | 'article_type'
  | 'title'
  | 'quantity'
  | 'status'
  | 'label'
  | 'payment_changed_at'
  | 'voucher_option_code'
  | 'voucher_details'
  | 'price_amount'
  | 'has_pdf'
>;

/** A pending address change as presented. */
export type PresentedPendingRow = Pick<PendingChangeRow, 'requested_at' | 'address'>;
