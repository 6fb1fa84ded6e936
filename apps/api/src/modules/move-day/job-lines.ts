import type { TJobLine } from '@haulpro/shared/move-day';
import type { TDb } from '../../db/client.ts';
import type { TOrderRow } from '../orders/order-view.ts';
import { isWorkable, jobLineOf } from './job-view.ts';
import { jobLineRowsOf } from './move-day.repository.ts';

/**
 * The job lines of a page of the customer's orders, by order id: only orders on their move day
 * are asked about, all in one statement; a page with none sends nothing.
 */
export async function jobLinesOf(
  db: TDb,
  rows: readonly TOrderRow[],
  now: Date,
): Promise<Map<number, TJobLine>> {
  const workable = rows.filter((o) => isWorkable(o, now));
  const lines = new Map<number, TJobLine>();
  if (!workable.length) return lines;
  const found = new Map((await jobLineRowsOf(db, workable)).map((r) => [r.orderId, r]));
  for (const o of workable) {
    const r = found.get(o.id);
    const line = r ? jobLineOf(o, r, now) : null;
    if (line) lines.set(o.id, line);
  }
  return lines;
}
