import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SavedProjectsTable } from '../db/tables/projects.ts';
import { ARTICLES } from './catalog.ts';
import type { ArticleType } from './catalog.ts';
import { demoUserId, stableUuid } from './users.ts';

const DAY = 86_400_000;

const PROJECT_NAMES = [
  'Summer in Cornwall',
  'Grandma’s 80th',
  'Our wedding',
  'Baby’s first year',
  'Family calendar',
  'Road trip 2024',
  'Christmas cards',
  'Garden through the seasons',
  'School memories',
  'Ski holiday',
  'Best of the year',
  'Puppy album',
  'City breaks',
  'Anniversary gift',
  'Beach house',
  'Birthday party',
  'Graduation day',
  'Autumn walks',
  'New home',
  'Festival weekend',
  'Little chef',
  'Sunday football',
  'Hiking the Alps',
] as const;

const PROJECT_ARTICLES: ArticleType[] = [
  'BOOK_HC_A4',
  'BOOK_SC_A5',
  'CAL_A3',
  'CANVAS_3040',
  'CARD_XMAS',
];

/** Saved projects per demo user: more than one page of 10 so paging shows. */
export const SAVED_PROJECT_COUNTS = { demo: 23, business: 12 } as const;

/**
 * Saved projects of demo@example.com (photobox-uk) and business@example.com (albelli-nl),
 * one changed every few days. Skips a user who already has projects.
 */
export async function seedProjects(db: Db, now = new Date()): Promise<number> {
  let created = 0;
  for (const [key, channel] of [
    ['demo', 'photobox-uk'],
    ['business', 'albelli-nl'],
  ] as const) {
    const userId = demoUserId(key);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    const existing = await db
      .selectFrom('saved_projects')
      .select('id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    if (!user || existing) continue;
    const rows: Array<Insertable<SavedProjectsTable>> = Array.from(
      { length: SAVED_PROJECT_COUNTS[key] },
      (_, index) => {
        const article = PROJECT_ARTICLES[index % PROJECT_ARTICLES.length]!;
        const updated = now.getTime() - (index * 4 + 1) * DAY;
        return {
          id: stableUuid(`project:${key}:${index}`),
          user_id: userId,
          name: PROJECT_NAMES[index % PROJECT_NAMES.length]!,
          article_type: article,
          product_title: ARTICLES[article].title,
          channel,
          page_count: article.startsWith('BOOK')
            ? 24 + (index % 4) * 8
            : article === 'CAL_A3'
              ? 13
              : 1,
          created_at: new Date(updated - (10 + index) * DAY).toISOString(),
          updated_at: new Date(updated).toISOString(),
        };
      },
    );
    await db.insertInto('saved_projects').values(rows).execute();
    created += rows.length;
  }
  return created;
}
