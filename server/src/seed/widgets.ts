import type { Db } from '../db/database.ts';
import { articleTitle } from '../modules/orders/articles.ts';
import { salesChannel } from '../modules/orders/channels.ts';
import { demoUserId, stableUuid } from './users.ts';

/**
 * Gallery categories, in display order. The names are the API's (entries carry them); customers
 * read them in their language from the locale texts by id (docs/product.md#data, Widget).
 */
export const GALLERY_CATEGORIES = [
  'Wedding',
  'Travel',
  'Family',
  'Baby',
  'Pets',
  'Nature',
  'Celebrations',
  'Seasons',
] as const;

const DAY = 86_400_000;

/**
 * Gallery categories, and for demo@example.com (widgets are for consumers): widgets of its
 * first four dispatched photo books, three of them in the gallery with categories, one shared
 * by e-mail before, and the order of the third blocked (the gallery hides it). Needs the
 * orders; skips when the demo user already has widgets.
 */
export async function seedWidgets(db: Db, now = new Date()): Promise<number> {
  const categories = await db.selectFrom('gallery_categories').select('id').limit(1).execute();
  if (categories.length === 0)
    await db
      .insertInto('gallery_categories')
      .values(
        GALLERY_CATEGORIES.map((name, position) => ({
          id: name.toLowerCase(),
          name,
          position,
        })),
      )
      .execute();

  const userId = demoUserId('demo');
  const existing = await db
    .selectFrom('widgets')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return 0;
  const books = await db
    .selectFrom('orders')
    .innerJoin('superorders', 'superorders.id', 'orders.superorder_id')
    .select([
      'orders.id',
      'orders.code',
      'orders.title',
      'orders.article_type',
      'superorders.code as order_code',
      'superorders.channel',
      'superorders.created_at',
    ])
    .where('orders.user_id', '=', userId)
    .where('orders.status', '=', 'Dispatched')
    .where('orders.article_type', 'like', 'BOOK%')
    .orderBy('superorders.created_at', 'desc')
    .orderBy('orders.position')
    .limit(4)
    .execute();
  const galleryCategories: string[][] = [['travel', 'family'], ['wedding'], ['celebrations']];
  await db.transaction().execute(async (trx) => {
    for (const [index, book] of books.entries()) {
      const channel = salesChannel(book.channel);
      const widgetId = stableUuid(`widget:${book.code}`);
      const createdAt = new Date(
        Math.min(Date.parse(book.created_at) + 20 * DAY, now.getTime() - DAY),
      ).toISOString();
      const shared = index === 0;
      const sharedAt = new Date(now.getTime() - 3 * DAY).toISOString();
      await trx
        .insertInto('widgets')
        .values({
          id: widgetId,
          user_id: userId,
          order_id: book.id,
          code: book.code,
          superorder_code: book.order_code,
          title: book.title,
          vendor_id: channel.vendor,
          shop_url: `${channel.storefront.AllProducts}?article=${book.article_type}`,
          created_at: createdAt,
          sender_name: shared ? 'Alex' : null,
          recipient_email: shared ? 'grandma@example.com' : null,
          personal_message: shared ? 'Our holiday book, hope you like it!' : null,
          shared_at: shared ? sharedAt : null,
        })
        .execute();
      if (shared)
        await trx
          .insertInto('widget_shares')
          .values({
            id: stableUuid(`widget-share:${book.code}`),
            widget_id: widgetId,
            user_id: userId,
            vendor_id: channel.vendor,
            from_name: 'Alex',
            to_email: 'grandma@example.com',
            personal_message: 'Our holiday book, hope you like it!',
            created_at: sharedAt,
          })
          .execute();
      const entryCategories = galleryCategories[index];
      if (entryCategories) {
        const entryId = stableUuid(`gallery-entry:${book.code}`);
        await trx
          .insertInto('gallery_entries')
          .values({
            id: entryId,
            widget_id: widgetId,
            user_id: userId,
            channel: channel.name,
            // The public gallery of the shop shows the entry in the shop's language.
            title: articleTitle(book.article_type, book.title, channel.locale),
            created_at: createdAt,
            updated_at: createdAt,
          })
          .execute();
        await trx
          .insertInto('gallery_entry_categories')
          .values(entryCategories.map((category) => ({ entry_id: entryId, category_id: category })))
          .execute();
      }
      if (index === 2)
        await trx
          .insertInto('blocked_orders')
          .values({
            order_code: book.order_code,
            user_id: userId,
            reason: 'Reported content under review',
            blocked_at: new Date(now.getTime() - 2 * DAY).toISOString(),
          })
          .execute();
    }
  });
  return books.length;
}
