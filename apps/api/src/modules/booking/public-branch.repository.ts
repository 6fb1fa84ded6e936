import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { orderHistory, orders } from '../../db/schema.ts';

/** The branch's record from its order history: answered, accepted, cancelled after accepting. */
export function branchTrackRecord(db: TDb, branchId: number) {
  return db
    .select({
      accepted: sql<number>`count(*) filter (where ${orderHistory.action} = 'accept')`.mapWith(Number),
      declined:
        sql<number>`count(*) filter (where ${orderHistory.action} in ('reject', 'expire') and ${orderHistory.fromStatus} = 1)`.mapWith(
          Number,
        ),
      cancelled:
        sql<number>`count(*) filter (where ${orderHistory.action} = 'cancel' and ${orderHistory.actorParty} = 'company')`.mapWith(
          Number,
        ),
      completed: sql<number>`count(distinct ${orders.id}) filter (where ${orders.status} = 5)`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .leftJoin(orderHistory, eq(orderHistory.orderId, orders.id))
    .where(eq(orders.branchId, branchId))
    .then((r) => r[0]);
}
