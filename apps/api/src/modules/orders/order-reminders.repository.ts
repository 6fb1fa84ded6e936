import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { orderAddresses, orders } from '../../db/schema.ts';

/**
 * A published read for the reminders module (decision 031): accepted orders whose move day is
 * tomorrow in the order's (its branch's) time zone, with what a reminder says: date, window, the
 * first pickup's address, the customer's booking contact.
 */
export type TOrderReminderJob = {
  id: number;
  customerId: number;
  companyId: number;
  arrivalDate: string;
  arrivalTime: string;
  timeZone: string;
  /** The booking's contact: the customer's reminder goes there. */
  email: string;
  phone: string;
  name: string;
  /** The first pickup: "123 Main St, Los Angeles, CA 90001". */
  address: string;
};

export async function listOrdersMovingTomorrow(
  db: TDb | TTx,
  now: Date,
  fromLocalHour: number,
): Promise<TOrderReminderJob[]> {
  const at = now.toISOString();
  const local = sql`(${at}::timestamptz at time zone ${orders.timeZone})`;
  const pickup = sql<string>`(
    select ${orderAddresses.address} || ', ' || ${orderAddresses.cityOrTown} || ', ' || ${orderAddresses.state} || ' ' || ${orderAddresses.zipCode}
    from ${orderAddresses}
    where ${orderAddresses.orderId} = ${orders.id} and ${orderAddresses.kind} = 'pickup'
    order by ${orderAddresses.position}, ${orderAddresses.id}
    limit 1)`;
  const rows = await db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      companyId: orders.companyId,
      arrivalDate: orders.arrivalDate,
      arrivalTime: orders.arrivalTime,
      timeZone: orders.timeZone,
      email: orders.email,
      phone: orders.phone,
      name: orders.name,
      address: pickup,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, ORDER_STATUS.accepted),
        sql`${orders.arrivalDate} = (${local})::date + 1`,
        sql`extract(hour from ${local}) >= ${fromLocalHour}`,
      ),
    )
    .orderBy(asc(orders.id));
  return rows.map((r) => ({ ...r, address: r.address ?? '' }));
}
