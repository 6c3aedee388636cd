import type { Kysely } from 'kysely';

/**
 * `superorders.list_json`: the order as the order list presents it, with its lines and pending
 * address change (docs/architecture.md "Order list"), so a list page is the stored strings
 * joined instead of every line read, parsed, presented and serialised again per request.
 * Written with every change to an order; null until then. Rows from before this migration stay
 * null and the list builds and stores them the first time it reads them, so this step needs no
 * copy of the presenter (a later change to what the list presents sets the column back to null
 * in a migration of its own).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('superorders').addColumn('list_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('superorders').dropColumn('list_json').execute();
}
