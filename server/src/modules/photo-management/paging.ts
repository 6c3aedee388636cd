import type { SortKey, SortOrder } from '@photo/core/api/schemas/paging';
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { CursorCodec, CursorPosition } from './signing.ts';

export interface PageSpec {
  sortKey: SortKey;
  sortOrder: SortOrder;
  limit: number;
  /** Keyset position after which the page starts (exclusive), or null for the first page. */
  after: CursorPosition | null;
}

/**
 * `(sortColumn, idColumn) < (value, id)` (or `>` ascending): a keyset condition that SQLite
 * and PostgreSQL both answer from an index on (…, sortColumn, idColumn).
 */
export function keysetAfter(
  sortColumn: string,
  idColumn: string,
  order: SortOrder,
  after: CursorPosition,
): RawBuilder<boolean> {
  const op = order === 'desc' ? sql.raw('<') : sql.raw('>');
  return sql<boolean>`(${sql.ref(sortColumn)}, ${sql.ref(idColumn)}) ${op} (${after[0]}, ${after[1]})`;
}

/** A row of a keyset page: its id and the value of the page's sort column, read `as sort_value`. */
export interface SortedRow {
  id: string;
  sort_value: string;
}

/** Where a page of sorted rows ends: the position its cursor carries. */
export const sortedRowPosition = (row: SortedRow): CursorPosition => [row.sort_value, row.id];

export interface Paged<T> {
  items: T[];
  cursor: string | null;
}

/**
 * Cuts the extra row a query fetched (limit + 1) and signs a cursor for the last item kept
 * when there is more.
 */
export function toPage<T>(
  rows: T[],
  limit: number,
  codec: CursorCodec,
  context: string,
  position: (row: T) => CursorPosition,
): Paged<T> {
  if (rows.length <= limit) return { items: rows, cursor: null };
  const items = rows.slice(0, limit);
  return { items, cursor: codec.encode(context, position(items[items.length - 1] as T)) };
}
