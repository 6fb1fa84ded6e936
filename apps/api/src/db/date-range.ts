import { and, gte, lte } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export type TRange = { from?: string | undefined; to?: string | undefined };

/** Optional from/to bounds (inclusive) on a date column. */
export function inDateRange(column: PgColumn, range: TRange) {
  return and(range.from ? gte(column, range.from) : undefined, range.to ? lte(column, range.to) : undefined);
}
