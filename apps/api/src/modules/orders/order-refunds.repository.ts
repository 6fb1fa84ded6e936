import { and, asc, eq } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { TOrderRow } from './order-view.ts';

type TQ = TDb | TTx;

/** Records the provider's refund once (a concurrent retry finds it refunded already). */
export async function markOrderRefunded(q: TQ, id: number, refundId: string): Promise<TOrderRow | undefined> {
  const [r] = await q
    .update(orders)
    .set({ refundStatus: 'refunded', refundId })
    .where(and(eq(orders.id, id), eq(orders.refundStatus, 'pending')))
    .returning();
  return r;
}

/** Card-paid orders that ended unserved whose refund has not gone through yet (the retry job). */
export function pendingOrderRefunds(q: TQ, limit: number): Promise<TOrderRow[]> {
  return q
    .select()
    .from(orders)
    .where(eq(orders.refundStatus, 'pending'))
    .orderBy(asc(orders.updatedAt))
    .limit(limit);
}
