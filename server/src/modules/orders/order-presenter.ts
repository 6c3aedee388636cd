import type {
  AccountOrder,
  DeliveryAddress,
  InternalOrderStatus,
  OrderLabel,
  OrderLine,
  SuperOrder,
  VoucherDetails,
} from '@photo/core/api/schemas/order';
import type { PresentedLineRow, PresentedPendingRow, SuperOrderRow } from './order-rows.ts';
import { languageOf } from '../../config/brand-hosts.ts';
import {
  articleTitle,
  catalogueTitleIn,
  expectedDeliveryBy,
  isCatalogueArticle,
} from './articles.ts';
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

/**
 * Stands around a product name's parts in stored list JSON. A raw U+0001 never occurs in
 * JSON.stringify output (control characters are escaped), so replacing marks cannot touch
 * customer data.
 */
const TITLE_MARK = '\u0001';

/**
 * The version of what {@link orderListJson} writes: bump it with every change to its output, and
 * the server rebuilds the stored JSON at its next start (`ORDER_LIST_FORMAT` in
 * orders-repository.ts).
 */
export const ORDER_LIST_JSON_VERSION = 1;

/**
 * An order as the order list stores it (`superorders.list_json`, docs/architecture.md "Order
 * list"): exactly `JSON.stringify(presentSuperOrder(…))`, except that the name of each catalogue
 * product (which depends on the request's language) is a mark
 * `U+0001 articleType U+0001 language of the order's channel U+0001 stored title U+0001` that
 * {@link localiseOrderList} replaces per request.
 */
export function orderListJson(
  row: SuperOrderRow,
  lines: readonly PresentedLineRow[],
  pending: PresentedPendingRow | undefined,
): string {
  const { orders, ...head } = presentSuperOrder(row, lines, pending);
  const ownLanguage = languageOf(localeOf(row.channel, undefined));
  const linesJson = orders.map((line, index) => {
    const json = JSON.stringify(line);
    if (!isCatalogueArticle(line.articleType)) return json;
    // The title is the fourth key of a line (presentLine): the text before and after it is kept.
    const before = JSON.stringify({
      id: line.id,
      code: line.code,
      articleType: line.articleType,
    }).slice(0, -1);
    const title = `,"title":${JSON.stringify(line.title)}`;
    if (!json.startsWith(before + title)) throw new Error('presentLine changed its key order');
    const stored = JSON.stringify(lines[index]!.title).slice(1, -1);
    const mark = `${TITLE_MARK}${line.articleType}${TITLE_MARK}${ownLanguage}${TITLE_MARK}${stored}${TITLE_MARK}`;
    return `${before},"title":"${mark}"${json.slice(before.length + title.length)}`;
  });
  // `orders` is the last key of a superorder (presentSuperOrder).
  return `${JSON.stringify(head).slice(0, -1)},"orders":[${linesJson.join(',')}]}`;
}

/** JSON string contents of a product name, by mark and language: a few dozen at most. */
const localisedTitles = new Map<string, string>();

/**
 * Stored list JSON ({@link orderListJson}) in the request's locale: each product name in the
 * language of `locale`, or without one in that of the order's own channel (as `presentLine`).
 */
export function localiseOrderList(json: string, locale: string | undefined): string {
  const language = locale === undefined ? undefined : languageOf(locale);
  // Four marks a name: text, then article type, own language, stored title, text, and so on.
  const parts = json.split(TITLE_MARK);
  for (let i = 1; i + 2 < parts.length; i += 4) {
    const [articleType, own, stored] = [parts[i]!, parts[i + 1]!, parts[i + 2]!];
    const key = `${articleType}${TITLE_MARK}${language ?? own}${TITLE_MARK}${stored}`;
    let title = localisedTitles.get(key);
    if (title === undefined) {
      const name = catalogueTitleIn(articleType, language ?? own);
      title = name === undefined ? stored : JSON.stringify(name).slice(1, -1);
      // Bounded: one entry per catalogue article, language and stored title seen.
      if (localisedTitles.size > 10_000) localisedTitles.clear();
      localisedTitles.set(key, title);
    }
    parts[i] = title;
    parts[i + 1] = '';
    parts[i + 2] = '';
  }
  return parts.join('');
}

/**
 * A page of the order list (`SuperOrderPage`) from the orders' stored list JSON, byte for byte
 * what `JSON.stringify` of the presented page would give.
 */
export function superOrderPageJson(
  page: { offset: number; limit: number; total: number },
  orders: readonly string[],
  locale: string | undefined,
): string {
  return localiseOrderList(
    `{"offset":${page.offset},"limit":${page.limit},"total":${page.total},"items":[${orders.join(',')}]}`,
    locale,
  );
}
