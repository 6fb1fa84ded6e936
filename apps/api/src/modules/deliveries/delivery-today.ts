import { JOB_STATE_LABELS, mapsUrl, type TTodayJob } from '@haulpro/shared/move-day';
import { SHOW_UP_WINDOWS, type TShowUpWindow } from '@haulpro/shared/pricing-constants';
import type { TAuth, TDeps } from '../../context.ts';
import { todayIn } from '../../domain/availability.ts';
import { showUpLabel } from '../../domain/delivery-bidding.ts';
import { acceptorDeliveriesOn } from './delivery-move-day.repository.ts';
import { deliveryJobState } from './delivery-move-day-rules.ts';
import { helperActor } from './delivery-reads.ts';
import { fullAddress } from './delivery-view.ts';

/** The dates a delivery's "today" can be anywhere (US zones lie within a day of UTC). */
function nearbyDates(now: Date): string[] {
  const day = 86_400_000;
  return [-1, 0, 1].map((k) => new Date(now.getTime() + k * day).toISOString().slice(0, 10));
}

const windowRank = (w: string) => {
  const i = SHOW_UP_WINDOWS.indexOf(w as TShowUpWindow);
  return i < 0 ? SHOW_UP_WINDOWS.length : i;
};

/**
 * The Today list's deliveries (issue 28, item 1): the caller's accepted deliveries whose date is
 * today where each delivery is, in show-up order (then by id). A labor user's own; a staff
 * member's company's (one branch when `branchId` is given). A delivery stays on the list,
 * finished, once its payout was submitted. GET dashboard/today merges these with the orders.
 */
export function createDeliveryToday(deps: Pick<TDeps, 'db'>) {
  return {
    async todayJobs(auth: TAuth, now: Date, branchId?: number): Promise<TTodayJob[]> {
      const actor = helperActor(auth, branchId);
      const rows = await acceptorDeliveriesOn(deps.db, actor, nearbyDates(now));
      const labor = actor.kind === 'labor';
      return rows
        .filter(({ row }) => row.arrivalDate === todayIn(row.timeZone, now))
        .sort((a, b) => windowRank(a.row.arrivalTime) - windowRank(b.row.arrivalTime) || a.row.id - b.row.id)
        .map(({ row, customerName, helperName }) => {
          const state = deliveryJobState(row);
          const address = fullAddress(row.pickup);
          return {
            kind: 'delivery' as const,
            id: row.id,
            href: labor ? `/labor-dashboard?delivery_id=${row.id}` : `/deliveries?delivery_id=${row.id}`,
            arrival_time: showUpLabel(row.arrivalTime as TShowUpWindow),
            title: `Delivery #${row.id}: ${row.itemsName}`,
            address,
            maps_url: mapsUrl(address),
            customer_name: customerName,
            customer_phone: row.phone || null,
            crew: helperName ? [helperName] : [],
            state,
            state_label: JOB_STATE_LABELS[state],
          };
        });
    },
  };
}
