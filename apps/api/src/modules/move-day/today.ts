import { JOB_STATE_LABELS, type TToday, type TTodayJob } from '@haulpro/shared/move-day';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import { staffCompanyId } from '../../access/company-scope.ts';
import type { TAuth } from '../../context.ts';
import type { TDb } from '../../db/client.ts';
import { crews, orderAddresses, orderCrews, orders } from '../../db/schema.ts';
import { todayIn } from '../../domain/availability.ts';
import { clockOf } from './job-view.ts';
import { eventsOfOrders } from './move-day.repository.ts';

/** The deliveries' side of Today (the deliveries module's own list for the caller). */
export type TDeliveriesToday = (auth: TAuth, now: Date) => Promise<TTodayJob[]>;

const SHOWN = [ORDER_STATUS.accepted, ORDER_STATUS.beingCompleted, ORDER_STATUS.completed];

/** One tap to the phone's maps. */
export const mapsUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** A day either side of today in UTC covers today in every US time zone; each order is then checked in its own. */
function around(now: Date): [string, string] {
  const d = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  return [d(-1), d(1)];
}

/** The company's accepted moves of today (of one branch when given), each in its own time zone. */
async function todaysOrders(db: TDb, companyId: number, branchId: number | undefined, now: Date) {
  const [from, to] = around(now);
  const rows = await db
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
  const today = rows.filter((r) => r.arrivalDate === todayIn(r.timeZone, now));
  const ids = today.map((r) => r.id);
  if (!ids.length) return { jobs: [], timeZone: rows[0]?.timeZone ?? null };
  const [addresses, crew, events] = await Promise.all([
    db
      .select()
      .from(orderAddresses)
      .where(and(inArray(orderAddresses.orderId, ids), eq(orderAddresses.kind, 'pickup')))
      .orderBy(asc(orderAddresses.position)),
    db
      .select({ orderId: orderCrews.orderId, firstName: crews.firstName, lastName: crews.lastName })
      .from(orderCrews)
      .innerJoin(crews, eq(crews.id, orderCrews.crewId))
      .where(inArray(orderCrews.orderId, ids))
      .orderBy(asc(crews.firstName)),
    eventsOfOrders(db, ids),
  ]);
  const jobs = today.map((o): TTodayJob => {
    const a = addresses.find((x) => x.orderId === o.id);
    const address = a ? `${a.address}, ${a.cityOrTown}, ${a.state} ${a.zipCode}` : '';
    const state = clockOf(
      events.filter((e) => e.orderId === o.id),
      now,
    ).state;
    return {
      kind: 'order',
      id: o.id,
      href: `/job/${o.id}`,
      arrival_time: o.arrivalTime,
      title: `Move #${o.id}: ${o.helpersCount} helper${o.helpersCount === 1 ? '' : 's'}${o.typeService === 2 ? ' and truck' : ''}`,
      address,
      maps_url: mapsUrl(address),
      customer_name: o.name,
      customer_phone: o.phone,
      crew: crew.filter((m) => m.orderId === o.id).map((m) => `${m.firstName} ${m.lastName}`.trim()),
      state,
      state_label: JOB_STATE_LABELS[state],
    };
  });
  return { jobs, timeZone: today[0]?.timeZone ?? null };
}

/**
 * Today (issue 28): the caller's jobs of today in arrival order: a company's accepted moves (of
 * the active branch when given) and the deliveries its staff or a labor user accepted.
 */
export function createToday(db: TDb, deliveriesToday: TDeliveriesToday | null) {
  return async (auth: TAuth, branchId: number | undefined, now: Date): Promise<TToday> => {
    const moves =
      auth.user.role === 'staff'
        ? await todaysOrders(db, staffCompanyId(auth), branchId, now)
        : { jobs: [], timeZone: null };
    const deliveries = deliveriesToday ? await deliveriesToday(auth, now) : [];
    const jobs = [...moves.jobs, ...deliveries].sort(
      (a, b) => a.arrival_time.localeCompare(b.arrival_time) || a.id - b.id,
    );
    // The day is the one of the company's moves (its branch's zone); a helper's, Pacific by default.
    const timeZone = moves.timeZone ?? 'America/Los_Angeles';
    return { date: todayIn(timeZone, now), time_zone: timeZone, jobs };
  };
}
