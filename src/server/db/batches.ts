/**
 * Rows per multi-row statement: 500 rows of up to a dozen values stay far below both databases' limits
 * on parameters (SQLite 32,766, PostgreSQL 65,535), and a flush of a busy second is one or two statements.
 */
export const ROWS_PER_STATEMENT = 500;

/** The items in consecutive slices of at most `size`, one statement's worth each. */
export function inBatches<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
