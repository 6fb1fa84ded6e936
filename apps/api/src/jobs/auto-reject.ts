import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { TDeps } from '../context.ts';
import { orderHistory, orders, users } from '../db/schema.ts';
import { transition } from '../domain/order-machine.ts';
import { notify } from '../modules/notifications/notifications.service.ts';
import { orderState } from '../modules/orders/order-view.ts';

/**
 * Moves New orders past their response deadline to Rejected and tells both sides. Rows are
 * claimed with FOR UPDATE SKIP LOCKED and updated only while still New, so the job is
 * idempotent and several API processes can run it at once without doing any order twice.
 */
export async function runAutoReject(
  { db, clock, cache }: Pick<TDeps, 'db' | 'clock' | 'cache'>,
  batch = 100,
): Promise<number> {
  const now = clock.now();
  const n = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, 1), lte(orders.responseDeadline, now)))
      .orderBy(asc(orders.responseDeadline))
      .limit(batch)
      .for('update', { skipLocked: true });
    const expired = due.filter((o) => transition(orderState(o), 'system', 'expire', now).ok);
    if (!expired.length) return 0;
    const updated = await tx
      .update(orders)
      .set({ status: 3, updatedAt: now })
      .where(
        and(
          inArray(
            orders.id,
            expired.map((o) => o.id),
          ),
          eq(orders.status, 1),
        ),
      )
      .returning({ id: orders.id });
    const done = new Set(updated.map((u) => u.id));
    for (const o of expired.filter((x) => done.has(x.id))) {
      await tx.insert(orderHistory).values({
        orderId: o.id,
        actorParty: 'system',
        action: 'expire',
        fromStatus: 1,
        toStatus: 3,
        createdAt: now,
      });
      await notify(tx, o.customerId, {
        title: `Order #${o.id} was not answered in time`,
        link: `/user-dashboard?order_id=${o.id}`,
      });
      const staff = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, o.companyId), eq(users.role, 'staff')));
      for (const s of staff)
        await notify(tx, s.id, {
          title: `Order #${o.id} was rejected automatically`,
          link: `/orders?order_id=${o.id}`,
        });
    }
    return done.size;
  });
  // Outside a request nothing else invalidates this process's read cache.
  if (n > 0) cache.invalidateAll();
  return n;
}
