import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { branches, orders, users } from '../../db/schema.ts';

type TQ = TDb | TTx;

/** A company's (or one branch's) orders with these statuses arriving between two dates, for the calendar. */
export function listCalendarOrders(
  db: TQ,
  q: {
    companyId: number;
    branchId?: number | undefined;
    from: string;
    to: string;
    statuses: readonly number[];
  },
) {
  return db
    .select({
      id: orders.id,
      name: orders.name,
      customerPhone: sql<string | null>`coalesce(${orders.phone}, ${users.phone})`,
      arrivalDate: orders.arrivalDate,
      arrivalTime: orders.arrivalTime,
      typeService: orders.typeService,
      helpersCount: orders.helpersCount,
      hoursCount: orders.hoursCount,
      status: orders.status,
      branchId: orders.branchId,
      branchName: branches.name,
      timeZone: orders.timeZone,
      orderPrice: orders.orderPrice,
    })
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(
      and(
        eq(orders.companyId, q.companyId),
        inArray(orders.status, [...q.statuses]),
        gte(orders.arrivalDate, q.from),
        lte(orders.arrivalDate, q.to),
        q.branchId ? eq(orders.branchId, q.branchId) : undefined,
      ),
    )
    .orderBy(asc(orders.arrivalDate), asc(orders.id));
}
