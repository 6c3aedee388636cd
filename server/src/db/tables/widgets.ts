export interface WidgetsTable {
  id: string;
  user_id: string;
  order_id: string;
  /** The product code it was made from. */
  code: string;
  superorder_code: string;
  title: string;
  vendor_id: string;
  shop_url: string;
  created_at: string;
  sender_name: string | null;
  recipient_email: string | null;
  personal_message: string | null;
  shared_at: string | null;
}

export interface WidgetSharesTable {
  id: string;
  widget_id: string;
  user_id: string;
  vendor_id: string;
  from_name: string;
  to_email: string;
  personal_message: string;
  created_at: string;
}

export interface GalleryCategoriesTable {
  id: string;
  name: string;
  position: number;
}

export interface GalleryEntriesTable {
  id: string;
  widget_id: string;
  user_id: string;
  channel: string;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface GalleryEntryCategoriesTable {
  entry_id: string;
  category_id: string;
}

export interface BlockedOrdersTable {
  order_code: string;
  user_id: string;
  reason: string;
  blocked_at: string;
}

/** Widgets, gallery and blocked orders (migration 0008). */
export interface WidgetsTables {
  widgets: WidgetsTable;
  widget_shares: WidgetSharesTable;
  gallery_categories: GalleryCategoriesTable;
  gallery_entries: GalleryEntriesTable;
  gallery_entry_categories: GalleryEntryCategoriesTable;
  blocked_orders: BlockedOrdersTable;
}
