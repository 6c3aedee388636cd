/**
 * Ids per statement when a list goes into `IN (…)` or a multi-row insert: SQLite caps the
 * bound parameters of one statement, and 500 stays far below that cap for every table.
 */
export const SQL_CHUNK_SIZE = 500;

/** `items` in slices of `size`, in order. */
export function* chunks<T>(items: readonly T[], size = SQL_CHUNK_SIZE): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
