import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { deliveries, deliveryBidders } from '../../db/schema.ts';

type TQ = TDb | TTx;

/**
 * Published reads for the reminders module (decision 031): accepted deliveries arriving tomorrow
 * in their time zone, and New deliveries whose bidding closes soon, with their bidders.
 */
export type TDeliveryReminderJob = {
  id: number;
  customerId: number;
  acceptorUserId: number | null;
  acceptorCompanyId: number | null;
  itemsName: string;
  arrivalDate: string;
  arrivalTime: string;
  timeZone: string;
  /** The number the customer gave for this delivery. */
  phone: string;
  /** The pickup: "123 Main St, Los Angeles, CA 90001". */
  address: string;
};

export type TClosingDelivery = {
  id: number;
  itemsName: string;
  biddingDeadline: Date;
  /** Labor users who may bid. */
  laborUserIds: number[];
  /** Companies whose branches may bid (their staff hear of it). */
  companyIds: number[];
};

const addressOf = (a: { address: string; city_or_town: string; state: string; zip_code: string }) =>
  `${a.address}, ${a.city_or_town}, ${a.state} ${a.zip_code}`;

export async function listDeliveriesArrivingTomorrow(
  db: TQ,
  now: Date,
  fromLocalHour: number,
): Promise<TDeliveryReminderJob[]> {
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${deliveries.timeZone})`;
  const rows = await db
    .select({
      id: deliveries.id,
      customerId: deliveries.customerId,
      acceptorUserId: deliveries.acceptorUserId,
      acceptorCompanyId: deliveries.acceptorCompanyId,
      itemsName: deliveries.itemsName,
      arrivalDate: deliveries.arrivalDate,
      arrivalTime: deliveries.arrivalTime,
      timeZone: deliveries.timeZone,
      phone: deliveries.phone,
      pickup: deliveries.pickup,
    })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.status, DELIVERY_STATUS.accepted),
        sql`${deliveries.arrivalDate} = (${local})::date + 1`,
        sql`extract(hour from ${local}) >= ${fromLocalHour}`,
      ),
    )
    .orderBy(asc(deliveries.id));
  return rows.map(({ pickup, ...r }) => ({ ...r, address: addressOf(pickup) }));
}

export async function listDeliveriesClosingBy(db: TQ, now: Date, until: Date): Promise<TClosingDelivery[]> {
  const open = await db
    .select({
      id: deliveries.id,
      itemsName: deliveries.itemsName,
      biddingDeadline: deliveries.biddingDeadline,
    })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.status, DELIVERY_STATUS.new),
        gt(deliveries.biddingDeadline, now),
        lte(deliveries.biddingDeadline, until),
      ),
    )
    .orderBy(asc(deliveries.id));
  if (!open.length) return [];
  const bidders = await db
    .select({
      deliveryId: deliveryBidders.deliveryId,
      laborUserId: deliveryBidders.laborUserId,
      companyId: deliveryBidders.companyId,
    })
    .from(deliveryBidders)
    .where(
      and(
        inArray(
          deliveryBidders.deliveryId,
          open.map((d) => d.id),
        ),
        eq(deliveryBidders.rejected, false),
      ),
    );
  return open.map((d) => {
    const mine = bidders.filter((b) => b.deliveryId === d.id);
    return {
      ...d,
      laborUserIds: [...new Set(mine.flatMap((b) => (b.laborUserId ? [b.laborUserId] : [])))],
      companyIds: [...new Set(mine.flatMap((b) => (b.companyId ? [b.companyId] : [])))],
    };
  });
}
