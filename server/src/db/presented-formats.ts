import type { Db } from './database.ts';
import { withDatabaseLock } from './database.ts';

/**
 * A kind of presented JSON the database keeps so hot reads need not build it per request (the
 * order list's `superorders.list_json`, the photo cards): its name, the version of the code
 * that builds it (bumped with every change to what it writes) and how to bring every stored
 * value up to that version.
 */
export interface PresentedFormat {
  /** Its row in `presented_formats`. */
  name: string;
  version: number;
  /**
   * Rebuilds or clears every stored value (inside the transaction that records the new
   * version): a cleared one must be built again by its first read.
   */
  rebuild(db: Db): Promise<void>;
}

/**
 * Brings each kind of stored JSON whose recorded version differs from its code's up to date,
 * at start, before any request is served: a presenter's change then reaches every stored value
 * without a migration that clears the column (docs/architecture.md, "Database"). Once however
 * many instances start together; a kind with no row is rebuilt too. Answers the names rebuilt.
 */
export function refreshPresentedFormats(
  db: Db,
  formats: readonly PresentedFormat[],
): Promise<string[]> {
  return withDatabaseLock(db, 'presented-formats', async () => {
    const rows = await db.selectFrom('presented_formats').select(['name', 'version']).execute();
    const stored = new Map(rows.map((row) => [row.name, Number(row.version)]));
    const rebuilt: string[] = [];
    for (const format of formats) {
      if (stored.get(format.name) === format.version) continue;
      await db.transaction().execute(async (trx) => {
        await format.rebuild(trx);
        await trx
          .insertInto('presented_formats')
          .values({ name: format.name, version: format.version })
          .onConflict((conflict) =>
            conflict.column('name').doUpdateSet({ version: format.version }),
          )
          .execute();
      });
      rebuilt.push(format.name);
    }
    return rebuilt;
  });
}
