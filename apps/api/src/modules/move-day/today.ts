import { JOB_STATE_LABELS, mapsUrl, type TToday, type TTodayJob } from '@haulpro/shared/move-day';
import { SHOW_UP_WINDOWS, type TShowUpWindow, windowHours } from '@haulpro/shared/pricing-constants';
import { staffCompanyId } from '../../access/company-scope.ts';
import type { TAuth } from '../../context.ts';
import type { TDb } from '../../db/client.ts';
import { todayIn } from '../../domain/availability.ts';
import { showUpLabel } from '../../domain/delivery-bidding.ts';
import { clockOf } from './job-view.ts';
import { eventsOfOrders } from './move-day.repository.ts';
import { crewNamesOf, ordersBetween, pickupsOf } from './today.repository.ts';

/** The deliveries' side of Today (the deliveries module's own list for the caller). */
export type TDeliveriesToday = (auth: TAuth, now: Date, branchId?: number) => Promise<TTodayJob[]>;

/** Minutes after midnight an arrival starts: a show-up window ("12-3" is noon), or a time ("9:30 AM", "14:00"). */
export function startMinutes(arrival: string): number {
  if ((SHOW_UP_WINDOWS as readonly string[]).includes(arrival))
    return windowHours(arrival as TShowUpWindow).start * 60;
  const m = /^(\d{1,2}):(\d{2})\s*(AM|PM)?/i.exec(arrival.trim());
  if (!m) return 24 * 60;
  const h = Number(m[1]) % (m[3] ? 12 : 24);
  return (h + (m[3]?.toUpperCase() === 'PM' ? 12 : 0)) * 60 + Number(m[2]);
}

/** A day either side of today in UTC covers today in every US time zone; each order is then checked in its own. */
function around(now: Date): [string, string] {
  const d = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  return [d(-1), d(1)];
}

/** The company's accepted moves of today (of one branch when given), each in its own time zone. */
async function todaysOrders(db: TDb, companyId: number, branchId: number | undefined, now: Date) {
  const [from, to] = around(now);
  const rows = await ordersBetween(db, companyId, branchId, from, to);
  const today = rows.filter((r) => r.arrivalDate === todayIn(r.timeZone, now));
  const ids = today.map((r) => r.id);
  if (!ids.length) return { jobs: [], timeZone: rows[0]?.timeZone ?? null };
  const [addresses, crew, events] = await Promise.all([
    pickupsOf(db, ids),
    crewNamesOf(db, ids),
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
      arrival_time: showUpLabel(o.arrivalTime as TShowUpWindow),
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
    const deliveries = deliveriesToday ? await deliveriesToday(auth, now, branchId) : [];
    const jobs = [...moves.jobs, ...deliveries].sort(
      (a, b) => startMinutes(a.arrival_time) - startMinutes(b.arrival_time) || a.id - b.id,
    );
    // The day is the one of the company's moves (its branch's zone); a helper's, Pacific by default.
    const timeZone = moves.timeZone ?? 'America/Los_Angeles';
    return { date: todayIn(timeZone, now), time_zone: timeZone, jobs };
  };
}
