import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { crews, orderAddresses, orderCrews, orders } from '../../db/schema.ts';

/** Today's reads (decision 030): the orders a crew works, their first pickups and crew names. */

/** Accepted, being completed and completed moves: the day's jobs, done ones included. */
const SHOWN = [ORDER_STATUS.accepted, ORDER_STATUS.beingCompleted, ORDER_STATUS.completed];

/** A company's (or one branch's) moves a crew works arriving between two dates, by arrival window. */
export async function ordersBetween(
  db: TDb,
  companyId: number,
  branchId: number | undefined,
  from: string,
  to: string,
) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      arrivalDate: orders.arrivalDate,
      arrivalTime: orders.arrivalTime,
      timeZone: orders.timeZone,
      name: orders.name,
      phone: orders.phone,
      helpersCount: orders.helpersCount,
      typeService: orders.typeService,
    })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        branchId ? eq(orders.branchId, branchId) : undefined,
        inArray(orders.status, SHOWN),
        between(orders.arrivalDate, from, to),
      ),
    )
    .orderBy(asc(orders.arrivalTime), asc(orders.id));
}

export function pickupsOf(db: TDb, ids: number[]) {
  return db
    .select()
    .from(orderAddresses)
    .where(and(inArray(orderAddresses.orderId, ids), eq(orderAddresses.kind, 'pickup')))
    .orderBy(asc(orderAddresses.position));
}

export function crewNamesOf(db: TDb, ids: number[]) {
  return db
    .select({ orderId: orderCrews.orderId, firstName: crews.firstName, lastName: crews.lastName })
    .from(orderCrews)
    .innerJoin(crews, eq(crews.id, orderCrews.crewId))
    .where(inArray(orderCrews.orderId, ids))
    .orderBy(asc(crews.firstName));
}
