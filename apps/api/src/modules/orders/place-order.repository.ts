import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { orders } from '../../db/schema.ts';

/**
 * Records the payment session of a Waiting For Payment order once: true when this call set it;
 * false when another request already had (its session stands, so the webhook still matches).
 */
export async function setOrderPaymentSession(tx: TTx, orderId: number, sessionId: string): Promise<boolean> {
  const won = await tx
    .update(orders)
    .set({ paymentSessionId: sessionId })
    .where(and(eq(orders.id, orderId), isNull(orders.paymentSessionId)))
    .returning({ id: orders.id });
  return won.length > 0;
}

/**
 * The id the next order will have, taken before its transaction (decision 041): with it the
 * order's row and everything that names it (addresses, history, the staff's notices and mail)
 * are sent together. A booking that rolls back leaves a gap in the numbers, as a failed insert
 * always did.
 */
export async function nextOrderId(db: TDb): Promise<number> {
  const r = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
  );
  const id = rowsOf<{ id: number }>(r)[0]?.id;
  if (id === undefined) throw new Error('nextval returned no row');
  return Number(id);
}
