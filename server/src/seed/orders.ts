import type { Insertable } from 'kysely';
import type {
  DeliveryAddress,
  DeliveryType,
  InternalOrderStatus,
  OrderLabel,
  OrderSource,
  VoucherDetails,
  VoucherState,
} from '@photo/core/api/schemas/order';
import { PRODUCT_PDF_PURPOSE } from '@photo/core/api/schemas/product';
import type { AppDeps } from '../app-deps.ts';
import type { Db } from '../db/database.ts';
import type {
  DeliveryAddressChangesTable,
  OrderDeliveryDatesTable,
  OrdersTable,
  SuperordersTable,
} from '../db/tables/orders.ts';
import { expectedDeliveryBy } from '../modules/orders/articles.ts';
import { salesChannel } from '../modules/orders/channels.ts';
import { writeUserDocument } from '../modules/orders/order-documents.ts';
import { storeOrderListJson } from '../modules/orders/orders-repository.ts';
import {
  renderInvoiceGroupPdf,
  renderInvoicePdf,
  renderProductPdf,
} from '../modules/orders/order-pdfs.ts';
import type { InvoiceData } from '../modules/orders/order-pdfs.ts';
import { ARTICLES, articlePrice } from './catalog.ts';
import type { ArticleType } from './catalog.ts';
import { prng } from './photos-images.ts';
import { demoUserId, stableUuid } from './users.ts';
import type { DemoUserKey } from './users.ts';

const DAY = 86_400_000;

interface LinePlan {
  article: ArticleType;
  status: InternalOrderStatus;
  label: OrderLabel;
  quantity?: number;
  /** Days before now the payment state changed; default: a day after the order. */
  paymentChangedDaysAgo?: number | null;
  voucher?: VoucherState;
}

interface OrderPlan {
  /** Stable name of the case, for tests and docs (see {@link demoOrderCode}). */
  key: string;
  daysAgo: number;
  source: OrderSource;
  delivery: DeliveryType | 'changing';
  lines: LinePlan[];
  /** Unpaid and past its payment window: only `OrderState=expired|all` lists it. */
  expired?: boolean;
}

const line = (
  article: ArticleType,
  status: InternalOrderStatus,
  label: OrderLabel,
  extra: Partial<LinePlan> = {},
): LinePlan => ({ article, status, label, ...extra });

/**
 * The order cases every demo user gets (docs/product.md#states): every internal status and
 * label, both sources, both voucher variants, pick-up point, home and a delivery change in
 * progress, and orders on both sides of the 30-day and 14-day in-progress boundaries. Days are
 * counted back from the moment of seeding, so the boundary cases hold on a fresh database.
 */
export const ORDER_CASES: readonly OrderPlan[] = [
  {
    key: 'paymentPending',
    daysAgo: 1,
    source: 'Resnap',
    delivery: 'Home',
    lines: [line('BOOK_HC_A4', 'Received', 'paymentPending', { paymentChangedDaysAgo: null })],
  },
  {
    key: 'paymentFailed',
    daysAgo: 2,
    source: 'Albelli',
    delivery: 'PickupPoint',
    lines: [line('PAP_910', 'Received', 'paymentFailed', { quantity: 48 })],
  },
  {
    key: 'verificationFailed',
    daysAgo: 3,
    source: 'Resnap',
    delivery: 'Home',
    lines: [line('CANVAS_3040', 'Received', 'verification failed')],
  },
  {
    key: 'voucherAwaitingPayment',
    daysAgo: 2,
    source: 'Albelli',
    delivery: 'Home',
    lines: [
      line('VOUCHER_GIFT', 'Received', 'paymentPending', {
        voucher: 'awaitingPayment',
        paymentChangedDaysAgo: null,
      }),
    ],
  },
  {
    key: 'paymentSuccess',
    daysAgo: 4,
    source: 'Albelli',
    delivery: 'PickupPoint',
    lines: [line('BOOK_SC_A5', 'Confirmed', 'paymentSuccess')],
  },
  {
    key: 'paymentFree',
    daysAgo: 5,
    source: 'Resnap',
    delivery: 'Home',
    lines: [line('PAP_913', 'Confirmed', 'paymentFree', { quantity: 12 })],
  },
  {
    key: 'processing',
    daysAgo: 6,
    source: 'Albelli',
    delivery: 'Home',
    lines: [line('CAL_A3', 'Confirmed', 'processing')],
  },
  {
    key: 'processingFailed',
    daysAgo: 6,
    source: 'Resnap',
    delivery: 'Home',
    lines: [line('CARD_XMAS', 'Confirmed', 'processing failed')],
  },
  {
    key: 'approved',
    daysAgo: 7,
    source: 'Albelli',
    delivery: 'PickupPoint',
    lines: [line('BOOK_HC_A4', 'Confirmed', 'approved')],
  },
  {
    key: 'onHold',
    daysAgo: 8,
    source: 'Albelli',
    delivery: 'Home',
    lines: [line('CANVAS_3040', 'Confirmed', 'on_hold')],
  },
  {
    key: 'deliveryChangeInProgress',
    daysAgo: 9,
    source: 'Albelli',
    delivery: 'changing',
    lines: [
      line('BOOK_HC_A4', 'ProductionStarted', 'producing'),
      line('PAP_910', 'ProductionCompleted', 'producing', { quantity: 24 }),
    ],
  },
  {
    key: 'productionDelayed',
    daysAgo: 10,
    source: 'Resnap',
    delivery: 'Home',
    lines: [
      line('BOOK_SC_A5', 'ProductionStarted', 'delayed'),
      line('VOUCHER_GIFT', 'ProductionStarted', 'delayed', { voucher: 'delayed' }),
    ],
  },
  {
    key: 'productionCompleted',
    daysAgo: 11,
    source: 'Albelli',
    delivery: 'PickupPoint',
    lines: [line('CANVAS_3040', 'ProductionCompleted', 'producing')],
  },
  {
    key: 'cancelled',
    daysAgo: 12,
    source: 'Resnap',
    delivery: 'Home',
    lines: [line('CAL_A3', 'Cancelled', 'cancelled')],
  },
  {
    // In progress: dispatched, but its payment changed only 13 days ago.
    key: 'dispatchedPayment13Days',
    daysAgo: 20,
    source: 'Albelli',
    delivery: 'Home',
    lines: [line('BOOK_HC_A4', 'Dispatched', 'shipped', { paymentChangedDaysAgo: 13 })],
  },
  {
    // History: created 20 days ago, but dispatched with the payment changed 15 days ago.
    key: 'dispatchedPayment15Days',
    daysAgo: 20,
    source: 'Resnap',
    delivery: 'PickupPoint',
    lines: [
      line('CAL_A3', 'Dispatched', 'shipped', { paymentChangedDaysAgo: 15 }),
      line('PAP_910', 'Dispatched', 'shipped', { paymentChangedDaysAgo: 15, quantity: 60 }),
    ],
  },
  {
    // In progress: 29 days old, not dispatched.
    key: 'created29Days',
    daysAgo: 29,
    source: 'Albelli',
    delivery: 'Home',
    lines: [line('BOOK_SC_A5', 'Confirmed', 'approved')],
  },
  {
    // History: 31 days old, still in production.
    key: 'created31Days',
    daysAgo: 31,
    source: 'Albelli',
    delivery: 'Home',
    lines: [line('CANVAS_3040', 'ProductionCompleted', 'producing')],
  },
  {
    key: 'rejected',
    daysAgo: 40,
    source: 'Resnap',
    delivery: 'Home',
    lines: [line('PAP_910', 'Cancelled', 'rejected', { quantity: 36 })],
  },
  {
    key: 'expired',
    daysAgo: 45,
    source: 'Albelli',
    delivery: 'Home',
    expired: true,
    lines: [line('BOOK_HC_A4', 'Received', 'paymentFailed')],
  },
  {
    // Reorder unavailable: the mug is no longer sold.
    key: 'discontinuedArticle',
    daysAgo: 200,
    source: 'Resnap',
    delivery: 'Home',
    lines: [line('MUG_CLASSIC', 'Dispatched', 'shipped', { quantity: 2 })],
  },
];

/** History: dispatched orders over about three years (photo books, calendars, prints …). */
const HISTORY_ARTICLES: ArticleType[] = [
  'BOOK_HC_A4',
  'PAP_910',
  'CAL_A3',
  'BOOK_SC_A5',
  'CANVAS_3040',
  'CARD_XMAS',
  'PAP_913',
];

function historyCases(count: number, seed: number): OrderPlan[] {
  const random = prng(seed);
  const cases: OrderPlan[] = [];
  for (let i = 0; i < count; i += 1) {
    const lines: LinePlan[] = [];
    const lineCount = 1 + Math.floor(random() * 3);
    for (let j = 0; j < lineCount; j += 1) {
      const article = HISTORY_ARTICLES[Math.floor(random() * HISTORY_ARTICLES.length)]!;
      lines.push(
        line(article, 'Dispatched', 'shipped', {
          quantity: article.startsWith('PAP') ? 12 * (1 + Math.floor(random() * 6)) : 1,
        }),
      );
    }
    cases.push({
      key: `history${i + 1}`,
      daysAgo: 45 + i * 40 + Math.floor(random() * 20),
      source: random() < 0.5 ? 'Resnap' : 'Albelli',
      delivery: random() < 0.3 ? 'PickupPoint' : 'Home',
      lines,
    });
  }
  return cases;
}

interface UserOrderProfile {
  userKey: DemoUserKey;
  /** Order codes are `{prefix}{number}`, product codes `{order code}-{line}`. */
  prefix: string;
  firstNumber: number;
  channel: string;
  home: DeliveryAddress;
  pickup: DeliveryAddress;
  historyCount: number;
}

export const ORDER_PROFILES: Record<'demo' | 'business', UserOrderProfile> = {
  demo: {
    userKey: 'demo',
    prefix: 'PB',
    firstNumber: 4_100_001,
    channel: 'photobox-uk',
    home: {
      firstName: 'Alex',
      lastName: 'Demo',
      streetName: 'Baker Street',
      streetNumber: '221B',
      postalCode: 'NW1 6XE',
      city: 'London',
      country: 'GB',
      phoneNumber: '+44 20 7946 0018',
      pickupPointId: null,
      pickupPointName: null,
    },
    pickup: {
      firstName: 'Alex',
      lastName: 'Demo',
      streetName: 'Marylebone High Street',
      streetNumber: '14',
      postalCode: 'W1U 4PQ',
      city: 'London',
      country: 'GB',
      phoneNumber: '+44 20 7946 0018',
      pickupPointId: 'GB-PO-0417',
      pickupPointName: 'Post Office Marylebone',
    },
    historyCount: 24,
  },
  business: {
    userKey: 'business',
    prefix: 'AL',
    firstNumber: 7_300_001,
    channel: 'albelli-nl',
    home: {
      firstName: 'Sam',
      lastName: 'Jansen',
      streetName: 'Keizersgracht',
      streetNumber: '100',
      postalCode: '1015 CW',
      city: 'Amsterdam',
      country: 'NL',
      phoneNumber: '+31 20 555 0199',
      pickupPointId: null,
      pickupPointName: null,
    },
    pickup: {
      firstName: 'Sam',
      lastName: 'Jansen',
      streetName: 'Rozengracht',
      streetNumber: '22',
      postalCode: '1016 NC',
      city: 'Amsterdam',
      country: 'NL',
      phoneNumber: '+31 20 555 0199',
      pickupPointId: 'NL-PNL-4411',
      pickupPointName: 'PostNL-punt Rozengracht',
    },
    historyCount: 12,
  },
};

/** All cases of a demo user: the fixed cases, then its history. */
export function orderCasesOf(profile: UserOrderProfile): OrderPlan[] {
  return [...ORDER_CASES, ...historyCases(profile.historyCount, profile.firstNumber)];
}

/** The order code of a case for a demo user, e.g. `demoOrderCode('demo', 'expired')`. */
export function demoOrderCode(user: 'demo' | 'business', key: string): string {
  const profile = ORDER_PROFILES[user];
  const index = orderCasesOf(profile).findIndex((plan) => plan.key === key);
  if (index < 0) throw new Error(`No order case ${key}`);
  return `${profile.prefix}${profile.firstNumber + index}`;
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoDay = (ms: number) => iso(ms).slice(0, 10);

/**
 * The delivery window: it ends on the day the order service promises (the longest promised
 * delivery days of its articles, `expectedDeliveryBy`) and opens three days before.
 */
function deliveryWindow(createdMs: number, lines: readonly LinePlan[]): [string, string] {
  const latest = expectedDeliveryBy(
    iso(createdMs),
    lines.map((entry) => entry.article),
  )!;
  return [isoDay(Date.parse(latest) - 3 * DAY), latest];
}

export interface SeededOrder {
  superorder: Insertable<SuperordersTable>;
  lines: Array<Insertable<OrdersTable>>;
  plan: OrderPlan;
}

/** Rows of one order case (no files). */
function buildOrder(
  profile: UserOrderProfile,
  userId: string,
  plan: OrderPlan,
  index: number,
  nowMs: number,
): SeededOrder & {
  dates: Insertable<OrderDeliveryDatesTable> | undefined;
  change: Insertable<DeliveryAddressChangesTable> | undefined;
} {
  const channel = salesChannel(profile.channel);
  const code = `${profile.prefix}${profile.firstNumber + index}`;
  const createdMs = nowMs - plan.daysAgo * DAY - (index % 7) * 3_600_000;
  const superorderId = stableUuid(`superorder:${code}`);
  const lines = plan.lines.map((entry, position): Insertable<OrdersTable> => {
    const unit = articlePrice(entry.article, channel.currency);
    const quantity = entry.quantity ?? 1;
    const paid = entry.paymentChangedDaysAgo;
    const paymentChanged =
      paid === null ? null : paid === undefined ? createdMs + DAY / 2 : nowMs - paid * DAY;
    const voucher: VoucherDetails | null = entry.voucher
      ? {
          state: entry.voucher,
          voucherCode: null,
          value: { amount: unit, currency: channel.currency },
          expiresAt: null,
        }
      : null;
    return {
      id: stableUuid(`order-line:${code}-${position + 1}`),
      superorder_id: superorderId,
      user_id: userId,
      code: `${code}-${position + 1}`,
      position,
      article_type: entry.article,
      title: ARTICLES[entry.article].title,
      quantity,
      status: entry.status,
      label: entry.label,
      payment_changed_at: paymentChanged === null ? null : iso(Math.min(paymentChanged, nowMs)),
      voucher_option_code: voucher ? (profile.userKey === 'demo' ? 'PB-GIFT' : 'AL-GIFT') : null,
      voucher_details: voucher ? JSON.stringify(voucher) : null,
      price_amount: unit * quantity,
      reorderable: ARTICLES[entry.article].reorderable ? 1 : 0,
    };
  });
  const changing = plan.delivery === 'changing';
  const deliveryType: DeliveryType = plan.delivery === 'PickupPoint' ? 'PickupPoint' : 'Home';
  const address = deliveryType === 'PickupPoint' ? profile.pickup : profile.home;
  const unpaid = plan.lines.every((entry) => entry.status === 'Received');
  const superorder: Insertable<SuperordersTable> = {
    id: superorderId,
    user_id: userId,
    code,
    created_at: iso(createdMs),
    source: plan.source,
    channel: channel.name,
    currency: channel.currency,
    delivery_type: changing ? null : deliveryType,
    delivery_address: JSON.stringify(address),
    total_amount: lines.reduce((sum, entry) => sum + entry.price_amount, 0),
    // Unpaid orders may be paid for 7 days.
    payment_expires_at: unpaid ? iso(createdMs + 7 * DAY) : null,
  };
  const hasDates = plan.lines.some(
    (entry) => entry.status !== 'Received' && entry.status !== 'Cancelled',
  );
  const [earliest, latest] = deliveryWindow(createdMs, plan.lines);
  const dispatched = plan.lines.some((entry) => entry.status === 'Dispatched');
  return {
    superorder,
    lines,
    plan,
    dates: hasDates
      ? {
          superorder_id: superorderId,
          user_id: userId,
          earliest,
          latest,
          tracking_url: dispatched ? `https://tracking.example.com/parcel/${code}` : null,
        }
      : undefined,
    change: changing
      ? {
          id: stableUuid(`address-change:${code}`),
          superorder_id: superorderId,
          user_id: userId,
          delivery_type: 'Home',
          address: JSON.stringify({
            ...profile.home,
            streetName: 'Gloucester Place',
            streetNumber: '8',
          }),
          state: 'pending',
          requested_at: iso(nowMs - DAY),
          applied_at: null,
        }
      : undefined,
  };
}

/** Lines whose print PDF exists: PDF articles once production started. */
function hasProductPdf(entry: Insertable<OrdersTable>): boolean {
  const article = ARTICLES[entry.article_type as ArticleType];
  return (
    article.pdf &&
    (entry.status === 'ProductionStarted' ||
      entry.status === 'ProductionCompleted' ||
      entry.status === 'Dispatched')
  );
}

async function insertOrders(db: Db, orders: ReadonlyArray<ReturnType<typeof buildOrder>>) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < orders.length; i += 200) {
      const chunk = orders.slice(i, i + 200);
      await trx
        .insertInto('superorders')
        .values(chunk.map((order) => order.superorder))
        .execute();
      const lines = chunk.flatMap((order) => order.lines);
      for (let j = 0; j < lines.length; j += 200)
        await trx
          .insertInto('orders')
          .values(lines.slice(j, j + 200))
          .execute();
      const dates = chunk.flatMap((order) => (order.dates ? [order.dates] : []));
      if (dates.length) await trx.insertInto('order_delivery_dates').values(dates).execute();
      const changes = chunk.flatMap((order) => (order.change ? [order.change] : []));
      if (changes.length)
        await trx.insertInto('delivery_address_changes').values(changes).execute();
    }
  });
}

/** Print PDFs of the lines that have one, written below the user's documents folder. */
async function seedProductPdfs(
  deps: AppDeps,
  userId: string,
  orders: ReadonlyArray<ReturnType<typeof buildOrder>>,
): Promise<number> {
  let count = 0;
  for (const order of orders) {
    for (const entry of order.lines) {
      if (!hasProductPdf(entry)) continue;
      const bytes = await renderProductPdf({
        code: entry.code,
        orderCode: order.superorder.code,
        title: entry.title,
        articleType: entry.article_type,
        createdAt: order.superorder.created_at,
        pageCount: 4,
      });
      const storagePath = `products/${entry.code}.pdf`;
      const size = await writeUserDocument(deps.paths.dataDir, userId, storagePath, bytes);
      await deps.db
        .insertInto('product_files')
        .values({
          id: stableUuid(`product-file:${entry.code}`),
          order_id: entry.id,
          user_id: userId,
          purpose: PRODUCT_PDF_PURPOSE,
          file_name: `${entry.code}.pdf`,
          content_type: 'application/pdf',
          size,
          storage_path: storagePath,
          created_at: order.superorder.created_at,
        })
        .execute();
      count += 1;
    }
  }
  return count;
}

/**
 * Historical invoices of every paid order (issued the day after the order) and one invoice
 * group file per month, all real PDFs.
 */
async function seedInvoices(
  deps: AppDeps,
  userId: string,
  orders: ReadonlyArray<ReturnType<typeof buildOrder>>,
): Promise<number> {
  const billed = orders.filter((order) =>
    order.lines.some((entry) => entry.status !== 'Received' && entry.status !== 'Cancelled'),
  );
  const byPeriod = new Map<string, Array<{ order: (typeof billed)[number]; data: InvoiceData }>>();
  for (const order of billed) {
    const issuedAt = iso(Date.parse(order.superorder.created_at) + DAY);
    const billedLines = order.lines.filter((entry) => entry.status !== 'Cancelled');
    const data: InvoiceData = {
      invoiceNumber: `INV-${order.superorder.code}`,
      issuedAt,
      orderRef: order.superorder.code,
      channel: order.superorder.channel,
      billTo: JSON.parse(order.superorder.delivery_address) as DeliveryAddress,
      lines: billedLines.map((entry) => ({
        title: entry.title,
        quantity: entry.quantity,
        amount: entry.price_amount,
      })),
      total: billedLines.reduce((sum, entry) => sum + entry.price_amount, 0),
    };
    const period = issuedAt.slice(0, 7);
    const list = byPeriod.get(period) ?? [];
    list.push({ order, data });
    byPeriod.set(period, list);
  }
  let count = 0;
  for (const [period, entries] of [...byPeriod].sort(([a], [b]) => a.localeCompare(b))) {
    const channel = entries[0]!.data.channel;
    const groupId = stableUuid(`invoice-group:${userId}:${period}`);
    const groupPath = `invoices/group-${period}.pdf`;
    const groupBytes = await renderInvoiceGroupPdf({
      period,
      channel,
      invoices: entries.map((entry) => entry.data),
    });
    const groupSize = await writeUserDocument(deps.paths.dataDir, userId, groupPath, groupBytes);
    await deps.db
      .insertInto('invoice_group_files')
      .values({
        id: groupId,
        user_id: userId,
        period,
        channel,
        file_name: `invoices-${period}.pdf`,
        size: groupSize,
        storage_path: groupPath,
        created_at: entries.at(-1)!.data.issuedAt,
      })
      .execute();
    for (const { order, data } of entries) {
      const storagePath = `invoices/${data.invoiceNumber}.pdf`;
      const size = await writeUserDocument(
        deps.paths.dataDir,
        userId,
        storagePath,
        await renderInvoicePdf(data),
      );
      await deps.db
        .insertInto('historical_invoices')
        .values({
          id: stableUuid(`invoice:${data.invoiceNumber}`),
          user_id: userId,
          superorder_id: String(order.superorder.id),
          order_ref: data.orderRef,
          channel: data.channel,
          invoice_number: data.invoiceNumber,
          issued_at: data.issuedAt,
          total_amount: data.total,
          currency: order.superorder.currency,
          group_file_id: groupId,
          file_name: `${data.invoiceNumber}.pdf`,
          size,
          storage_path: storagePath,
        })
        .execute();
      count += 1;
    }
  }
  return count;
}

export interface OrderSeedSummary {
  orders: number;
  productPdfs: number;
  invoices: number;
}

/**
 * Orders of demo@example.com (photobox-uk, GBP) and business@example.com (albelli-nl, EUR):
 * {@link ORDER_CASES} plus a history each, print PDFs, delivery dates, one pending address
 * change; the business user also gets historical invoices and monthly group files. Skips a
 * user who already has orders, so a restart changes nothing.
 */
export async function seedOrders(deps: AppDeps, now = new Date()): Promise<OrderSeedSummary> {
  const summary: OrderSeedSummary = { orders: 0, productPdfs: 0, invoices: 0 };
  for (const key of ['demo', 'business'] as const) {
    const profile = ORDER_PROFILES[key];
    const userId = demoUserId(profile.userKey);
    const user = await deps.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    const existing = await deps.db
      .selectFrom('superorders')
      .select('id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    if (!user || existing) continue;
    const orders = orderCasesOf(profile).map((plan, index) =>
      buildOrder(profile, userId, plan, index, now.getTime()),
    );
    await insertOrders(deps.db, orders);
    summary.orders += orders.length;
    summary.productPdfs += await seedProductPdfs(deps, userId, orders);
    // After the PDFs: the list JSON carries each line's PDF flag.
    await storeOrderListJson(
      deps.db,
      orders.map((order) => order.superorder.id),
    );
    if (key === 'business') summary.invoices += await seedInvoices(deps, userId, orders);
  }
  return summary;
}

/**
 * `count` orders spread evenly over `years` for one user, without files: the benchmark's
 * customer. Mostly dispatched history, the last month in progress.
 */
export async function seedOrderHistory(
  deps: AppDeps,
  userId: string,
  options: { count: number; years: number; now?: Date; prefix?: string },
): Promise<void> {
  const nowMs = (options.now ?? new Date()).getTime();
  const random = prng(options.count * 31 + options.years);
  const spanDays = options.years * 365;
  const profile: UserOrderProfile = {
    ...ORDER_PROFILES.demo,
    prefix: options.prefix ?? 'BX',
    firstNumber: 1_000_001,
  };
  const orders = Array.from({ length: options.count }, (_, index) => {
    const daysAgo = Math.floor(((index + random()) * spanDays) / options.count);
    const recent = daysAgo < 25;
    const lineCount = 1 + Math.floor(random() * 3);
    const lines = Array.from({ length: lineCount }, () => {
      const article = HISTORY_ARTICLES[Math.floor(random() * HISTORY_ARTICLES.length)]!;
      return recent
        ? line(article, 'Confirmed', 'approved')
        : line(article, 'Dispatched', 'shipped');
    });
    const plan: OrderPlan = {
      key: `bench${index}`,
      daysAgo,
      source: random() < 0.5 ? 'Resnap' : 'Albelli',
      delivery: random() < 0.3 ? 'PickupPoint' : 'Home',
      lines,
    };
    return buildOrder(profile, userId, plan, index, nowMs);
  });
  await insertOrders(deps.db, orders);
  await storeOrderListJson(
    deps.db,
    orders.map((order) => order.superorder.id),
  );
}
