import type {
  DeliveryType,
  InternalOrderStatus,
  OrderLabel,
  OrderSource,
} from '@photo/core/api/schemas/order';

/** JSON columns hold the shared schemas' shapes as text. */
type Json = string;

export interface SuperordersTable {
  id: string;
  user_id: string;
  code: string;
  created_at: string;
  source: OrderSource;
  channel: string;
  currency: string;
  /** Null while a delivery change is in progress. */
  delivery_type: DeliveryType | null;
  /** `DeliveryAddress` as JSON. */
  delivery_address: Json;
  total_amount: number;
  payment_expires_at: string | null;
  /**
   * The order as the order list presents it (`orderListJson`), product names marked for the
   * request's language; null until first built (migration 0022).
   */
  list_json: string | null;
}

/** An inner order (a product of the superorder). */
export interface OrdersTable {
  id: string;
  superorder_id: string;
  user_id: string;
  code: string;
  position: number;
  article_type: string;
  title: string;
  quantity: number;
  status: InternalOrderStatus;
  label: OrderLabel;
  payment_changed_at: string | null;
  voucher_option_code: string | null;
  /** `VoucherDetails` as JSON. */
  voucher_details: Json | null;
  price_amount: number;
  reorderable: number;
}

export interface DeliveryAddressChangesTable {
  id: string;
  superorder_id: string;
  user_id: string;
  delivery_type: DeliveryType;
  address: Json;
  state: 'pending' | 'applied';
  requested_at: string;
  applied_at: string | null;
}

export interface OrderDeliveryDatesTable {
  superorder_id: string;
  user_id: string;
  /** ISO dates (YYYY-MM-DD). */
  earliest: string;
  latest: string;
  tracking_url: string | null;
}

export interface ReordersTable {
  id: string;
  user_id: string;
  superorder_id: string;
  shop_url: string;
  created_at: string;
}

export interface ProductFilesTable {
  id: string;
  order_id: string;
  user_id: string;
  purpose: string;
  file_name: string;
  content_type: string;
  size: number;
  /** Relative to the user's documents folder. */
  storage_path: string;
  created_at: string;
}

export interface InvoiceGroupFilesTable {
  id: string;
  user_id: string;
  /** YYYY-MM. */
  period: string;
  channel: string;
  file_name: string;
  size: number;
  storage_path: string;
  created_at: string;
}

export interface HistoricalInvoicesTable {
  id: string;
  user_id: string;
  superorder_id: string;
  order_ref: string;
  channel: string;
  invoice_number: string;
  issued_at: string;
  total_amount: number;
  currency: string;
  group_file_id: string | null;
  file_name: string;
  size: number;
  storage_path: string;
}

/** Orders, their documents (migrations 0005, 0006). */
export interface OrdersTables {
  superorders: SuperordersTable;
  orders: OrdersTable;
  delivery_address_changes: DeliveryAddressChangesTable;
  order_delivery_dates: OrderDeliveryDatesTable;
  reorders: ReordersTable;
  product_files: ProductFilesTable;
  invoice_group_files: InvoiceGroupFilesTable;
  historical_invoices: HistoricalInvoicesTable;
}
