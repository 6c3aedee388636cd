import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { HistoricalInvoicesTable, InvoiceGroupFilesTable } from '../../db/tables/orders.ts';

export async function listHistoricalInvoices(
  db: Db,
  userId: string,
): Promise<Array<Selectable<HistoricalInvoicesTable>>> {
  return db
    .selectFrom('historical_invoices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findHistoricalInvoice(
  db: Db,
  userId: string,
  id: string,
): Promise<Selectable<HistoricalInvoicesTable> | undefined> {
  return db
    .selectFrom('historical_invoices')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findInvoiceGroupFile(
  db: Db,
  userId: string,
  id: string,
): Promise<Selectable<InvoiceGroupFilesTable> | undefined> {
  return db
    .selectFrom('invoice_group_files')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
