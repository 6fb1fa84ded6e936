import { and, eq, isNull } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
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
