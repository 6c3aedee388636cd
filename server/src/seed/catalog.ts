import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type {
  ArticleGroupsTable,
  CampaignCutOffsTable,
  MerchandiseArticlesTable,
  MerchandiseChannelsTable,
  VoucherOffersTable,
} from '../db/tables/catalog.ts';
import { catalogueTitle } from '../modules/orders/articles.ts';
import { allSalesChannels } from '../modules/orders/channels.ts';

/**
 * Articles the demo data sells: type, English title (the names per language live with the order
 * service, `modules/orders/articles.ts`), price in pounds (other currencies scale).
 */
export const ARTICLES = {
  PAP_910: { title: catalogueTitle('PAP_910'), unitPrice: 15, pdf: false, reorderable: true },
  PAP_913: { title: catalogueTitle('PAP_913'), unitPrice: 25, pdf: false, reorderable: true },
  BOOK_HC_A4: {
    title: catalogueTitle('BOOK_HC_A4'),
    unitPrice: 3999,
    pdf: true,
    reorderable: true,
  },
  BOOK_SC_A5: {
    title: catalogueTitle('BOOK_SC_A5'),
    unitPrice: 1999,
    pdf: true,
    reorderable: true,
  },
  CANVAS_3040: {
    title: catalogueTitle('CANVAS_3040'),
    unitPrice: 3499,
    pdf: true,
    reorderable: true,
  },
  CAL_A3: { title: catalogueTitle('CAL_A3'), unitPrice: 2499, pdf: true, reorderable: true },
  CARD_XMAS: {
    title: catalogueTitle('CARD_XMAS'),
    unitPrice: 1599,
    pdf: true,
    reorderable: true,
  },
  // No longer sold: orders with it cannot be reordered.
  MUG_CLASSIC: {
    title: catalogueTitle('MUG_CLASSIC'),
    unitPrice: 1299,
    pdf: false,
    reorderable: false,
  },
  VOUCHER_GIFT: {
    title: catalogueTitle('VOUCHER_GIFT'),
    unitPrice: 5000,
    pdf: false,
    reorderable: false,
  },
} as const;
export type ArticleType = keyof typeof ARTICLES;

/** Price factor of a currency against the pound, for believable prices per brand. */
const currencyFactor: Record<string, number> = { GBP: 1, EUR: 1.15, DKK: 8.6, NOK: 13, SEK: 13 };

/** A unit price in minor units of `currency`, ending in 9 like shop prices do. */
export function articlePrice(type: ArticleType, currency: string): number {
  const raw = ARTICLES[type].unitPrice * (currencyFactor[currency] ?? 1);
  // Gift vouchers have round values.
  if (type === 'VOUCHER_GIFT') return Math.round(raw / 1000) * 1000;
  return raw < 100 ? Math.round(raw) : Math.max(99, Math.round(raw / 100) * 100 - 1);
}

const articleGroups: Array<Omit<Insertable<ArticleGroupsTable>, 'position'>> = [
  {
    id: 'prints',
    name: 'Photo prints',
    article_types: '["PAP_910","PAP_913"]',
    production_days: 1,
  },
  {
    id: 'photo-books',
    name: 'Photo books',
    article_types: '["BOOK_HC_A4","BOOK_SC_A5"]',
    production_days: 5,
  },
  { id: 'wall-decor', name: 'Wall decor', article_types: '["CANVAS_3040"]', production_days: 4 },
  {
    id: 'calendars-cards',
    name: 'Calendars and cards',
    article_types: '["CAL_A3","CARD_XMAS"]',
    production_days: 3,
  },
  { id: 'gifts', name: 'Photo gifts', article_types: '["MUG_CLASSIC"]', production_days: 3 },
];

/** Merchandise articles every channel offers (the print hand-off uses PAP_910). */
function channelArticles(
  channelId: string,
  shopUrl: string,
): Array<Insertable<MerchandiseArticlesTable>> {
  const rows: Array<Omit<Insertable<MerchandiseArticlesTable>, 'id' | 'channel_id' | 'position'>> =
    [
      {
        article_type: 'PAP_910',
        title: ARTICLES.PAP_910.title,
        page_height: 102,
        page_width: 152,
        visible: 1,
        links: JSON.stringify([{ Rel: 'shop', Href: `${shopUrl}prints` }]),
        border: 'none',
        cover_text: null,
        cover_type: null,
        paper: 'glossy',
        print_size: '10x15',
        options: JSON.stringify([
          { Name: 'Paper', Values: ['glossy', 'matte'] },
          { Name: 'Border', Values: ['none', 'white'] },
        ]),
      },
      {
        article_type: 'PAP_913',
        title: ARTICLES.PAP_913.title,
        page_height: 127,
        page_width: 178,
        visible: 1,
        links: JSON.stringify([{ Rel: 'shop', Href: `${shopUrl}prints` }]),
        border: 'none',
        cover_text: null,
        cover_type: null,
        paper: 'matte',
        print_size: '13x18',
        options: JSON.stringify([{ Name: 'Paper', Values: ['glossy', 'matte'] }]),
      },
      {
        article_type: 'BOOK_HC_A4',
        title: ARTICLES.BOOK_HC_A4.title,
        page_height: 297,
        page_width: 210,
        visible: 1,
        links: JSON.stringify([{ Rel: 'shop', Href: `${shopUrl}photo-books` }]),
        border: null,
        cover_text: 'Title on the spine',
        cover_type: 'hardcover',
        paper: 'silk',
        print_size: 'A4',
        options: JSON.stringify([
          { Name: 'Pages', Values: ['24', '40', '60', '100'] },
          { Name: 'Paper', Values: ['silk', 'premium matte', 'layflat'] },
        ]),
      },
      {
        article_type: 'CANVAS_3040',
        title: ARTICLES.CANVAS_3040.title,
        page_height: 400,
        page_width: 300,
        visible: 1,
        links: JSON.stringify([{ Rel: 'shop', Href: `${shopUrl}wall-decor` }]),
        border: 'wrapped',
        cover_text: null,
        cover_type: null,
        paper: 'canvas',
        print_size: '30x40',
        options: JSON.stringify([{ Name: 'Frame depth', Values: ['2 cm', '4 cm'] }]),
      },
      {
        // Not sold in the app right now: channels still list it, hidden.
        article_type: 'MUG_CLASSIC',
        title: ARTICLES.MUG_CLASSIC.title,
        page_height: 95,
        page_width: 200,
        visible: 0,
        links: JSON.stringify([]),
        border: null,
        cover_text: null,
        cover_type: null,
        paper: null,
        print_size: null,
        options: JSON.stringify([]),
      },
    ];
  return rows.map((row, position) => ({
    ...row,
    id: `${channelId}:${row.article_type}`,
    channel_id: channelId,
    position,
  }));
}

function isoAt(year: number, month: number, day: number, hour = 23, minute = 59): string {
  return new Date(Date.UTC(year, month - 1, day, hour, minute)).toISOString();
}

/**
 * The catalogue: article groups, delivery campaigns with cut-offs (in the year of `now`),
 * voucher offers, one merchandise channel per sales channel with its articles. Idempotent.
 */
export async function seedCatalog(db: Db, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('merchandise_channels').select('id').limit(1).execute();
  if (existing.length > 0) return false;
  const year = now.getUTCFullYear();
  const channels = allSalesChannels();
  const channelRows: Array<Insertable<MerchandiseChannelsTable>> = channels.map((channel) => ({
    id: channel.name,
    vendor_id: channel.vendor,
    locale: channel.locale,
    shop_url: channel.storefront.Main,
    currency_id: channel.currency,
  }));
  const cutOffs: Array<Insertable<CampaignCutOffsTable>> = [
    ['prints', 20, 23],
    ['photo-books', 12, 22],
    ['wall-decor', 14, 22],
    ['calendars-cards', 16, 23],
    ['gifts', 15, 22],
  ].map(([group, orderDay, deliveredDay]) => ({
    campaign_name: 'christmas',
    article_group_id: String(group),
    order_before: isoAt(year, 12, Number(orderDay)),
    delivered_by: isoAt(year, 12, Number(deliveredDay)).slice(0, 10),
  }));
  const offers: Array<Insertable<VoucherOffersTable>> = [
    {
      code: 'PB-GIFT',
      campaign_name: 'gift-vouchers',
      title: 'Gift voucher £50',
      description: 'A £50 voucher for anything in the Photobox shop.',
      discount_type: 'amount',
      discount_value: 5000,
      currency: 'GBP',
      article_types: JSON.stringify(Object.keys(ARTICLES)),
      channel: 'photobox-uk',
      valid_from: isoAt(year - 1, 1, 1, 0, 0),
      valid_until: isoAt(year + 1, 12, 31),
    },
    {
      code: 'PB-BOOK20',
      campaign_name: 'photo-book-week',
      title: '20% off photo books',
      description: 'Save 20% on every photo book.',
      discount_type: 'percentage',
      discount_value: 20,
      currency: null,
      article_types: JSON.stringify(['BOOK_HC_A4', 'BOOK_SC_A5']),
      channel: 'photobox-uk',
      valid_from: isoAt(year, 1, 1, 0, 0),
      valid_until: isoAt(year, 12, 31),
    },
    {
      code: 'AL-GIFT',
      campaign_name: 'gift-vouchers',
      title: 'Cadeaubon €60',
      description: 'Een cadeaubon van €60 voor de hele albelli-winkel.',
      discount_type: 'amount',
      discount_value: articlePrice('VOUCHER_GIFT', 'EUR'),
      currency: 'EUR',
      article_types: JSON.stringify(Object.keys(ARTICLES)),
      channel: 'albelli-nl',
      valid_from: isoAt(year - 1, 1, 1, 0, 0),
      valid_until: isoAt(year + 1, 12, 31),
    },
    {
      code: 'HF-PRINTS50',
      campaign_name: 'prints-sale',
      title: '50% en copias',
      description: 'Mitad de precio en todas las copias de fotos.',
      discount_type: 'percentage',
      discount_value: 50,
      currency: null,
      article_types: JSON.stringify(['PAP_910', 'PAP_913']),
      channel: 'hofmann-es',
      valid_from: isoAt(year, 1, 1, 0, 0),
      valid_until: isoAt(year, 12, 31),
    },
  ];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('article_groups')
      .values(articleGroups.map((group, position) => ({ ...group, position })))
      .execute();
    await trx
      .insertInto('campaigns')
      .values([
        {
          name: 'christmas',
          title: `Christmas ${year}`,
          starts_at: isoAt(year, 11, 1, 0, 0),
          ends_at: isoAt(year, 12, 24),
        },
        {
          name: 'mothers-day',
          title: `Mother’s Day ${year}`,
          starts_at: isoAt(year, 4, 1, 0, 0),
          ends_at: isoAt(year, 5, 11),
        },
      ])
      .execute();
    await trx.insertInto('campaign_cut_offs').values(cutOffs).execute();
    await trx
      .insertInto('campaign_cut_offs')
      .values(
        ['prints', 'photo-books', 'wall-decor'].map((group, index) => ({
          campaign_name: 'mothers-day',
          article_group_id: group,
          order_before: isoAt(year, 5, 1 + index * 2),
          delivered_by: isoAt(year, 5, 9).slice(0, 10),
        })),
      )
      .execute();
    await trx.insertInto('voucher_offers').values(offers).execute();
    await trx.insertInto('merchandise_channels').values(channelRows).execute();
    for (const channel of channelRows)
      await trx
        .insertInto('merchandise_articles')
        .values(channelArticles(channel.id, channel.shop_url))
        .execute();
  });
  return true;
}
