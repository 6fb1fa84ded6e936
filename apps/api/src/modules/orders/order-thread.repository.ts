import { desc, eq } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { branches, companies, orderHistory, orders, users } from '../../db/schema.ts';

type TQ = TDb | TTx;

/** What an order's thread needs (order-thread-front.ts): its parties' names and its status history. */
export async function orderThreadFacts(db: TQ, id: number) {
  const [row] = await db
    .select({
      id: orders.id,
      status: orders.status,
      statusBeforeReschedule: orders.statusBeforeReschedule,
      customerId: orders.customerId,
      companyId: orders.companyId,
      updatedAt: orders.updatedAt,
      branchName: branches.name,
      companyName: companies.name,
      customerFirst: users.firstName,
      customerLast: users.lastName,
    })
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(eq(orders.id, id))
    .limit(1);
  if (!row) return undefined;
  // An order's history is a handful of rows.
  const history = await db
    .select({
      fromStatus: orderHistory.fromStatus,
      toStatus: orderHistory.toStatus,
      at: orderHistory.createdAt,
    })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, id))
    .orderBy(desc(orderHistory.id));
  return { row, history };
}
