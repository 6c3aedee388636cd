import type { Kysely } from 'kysely';

/**
 * Archives are jobs of the job queue (server/src/jobs/): the archive row says which instance
 * is writing it (`worker`, null when none is) and which attempt that is (`attempts`), so a
 * retried job's late predecessor cannot overwrite the outcome, and an operator (and the
 * cluster test) can see which instance holds the job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('downloads').addColumn('worker', 'text').execute();
  await db.schema
    .alterTable('downloads')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('downloads').dropColumn('attempts').execute();
  await db.schema.alterTable('downloads').dropColumn('worker').execute();
}
