import type { SuperOrder } from '@photo/core/api/schemas/order';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import { presentSuperOrder } from './order-presenter.ts';
import { findSuperOrderByCode, linesOf, pendingChangesOf } from './orders-repository.ts';
import type { SuperOrderRow } from './order-rows.ts';

/** One superorder of the caller, presented; 404 for unknown and foreign codes alike. */
export async function loadSuperOrder(
  db: Db,
  userId: string,
  code: string,
  field = 'params.code',
  /** The locale of the answer (the request's brand host); default the order channel's. */
  locale?: string,
): Promise<{ row: SuperOrderRow; order: SuperOrder }> {
  const row = await findSuperOrderByCode(db, userId, code);
  if (!row) throw new HttpError(404, 'Order not found', field);
  const [lines, pending] = await Promise.all([
    linesOf(db, [row.id]),
    pendingChangesOf(db, [row.id]),
  ]);
  return { row, order: presentSuperOrder(row, lines, pending[0], locale) };
}
