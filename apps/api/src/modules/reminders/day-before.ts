import {
  claimedFor,
  owedTo,
  sendOnce,
  type TClaimed,
  type TReminderDeps,
  type TReminderFronts,
  type TReminderSend,
} from './reminder-fronts.ts';
import { dayBeforeMail, dayBeforeText, type TDayBeforeFacts } from './reminder-messages.ts';

/**
 * The day before a move or a delivery (decision 031): from this local hour of the day before (in
 * the job's own time zone, the branch's for an order), the customer and the provider get a
 * reminder with the date, the arrival window, the address and a link. Before it, nobody is
 * reminded at midnight; a job accepted later that day is reminded at once.
 */
export const DAY_BEFORE_FROM_HOUR = 9;

type TOrderReminderJob = Awaited<ReturnType<TReminderFronts['orders']['movingTomorrow']>>[number];
type TDeliveryReminderJob = Awaited<ReturnType<TReminderFronts['deliveries']['arrivingTomorrow']>>[number];

/** What an order's day-before reminder says, to the customer and to the company (the demo seed writes one too). */
export function orderReminderFacts(
  o: Pick<TOrderReminderJob, 'id' | 'arrivalDate' | 'arrivalTime' | 'address'>,
  publicUrl: string,
): { customer: TDayBeforeFacts; provider: TDayBeforeFacts } {
  const base = { job: `move #${o.id}`, date: o.arrivalDate, window: o.arrivalTime, address: o.address };
  return {
    customer: { ...base, url: `${publicUrl}/user-dashboard?order_id=${o.id}` },
    provider: { ...base, url: `${publicUrl}/orders?order_id=${o.id}` },
  };
}

export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'there';

async function orderSends(
  deps: TReminderDeps,
  fronts: TReminderFronts,
  done: TClaimed,
  o: TOrderReminderJob,
): Promise<TReminderSend[]> {
  const ref = `order:${o.id}`;
  const { customer, provider } = orderReminderFacts(o, deps.config.publicUrl);
  const sends: TReminderSend[] = [];
  if (await owedTo(deps.db, fronts, done, ref, o.customerId))
    sends.push({
      ref,
      userId: o.customerId,
      mail: dayBeforeMail(o.email, firstNameOf(o.name), customer, 'customer'),
      // The number given at booking: the one the customer wants to hear on for this move.
      text: { to: o.phone, body: dayBeforeText(customer, 'customer') },
    });
  for (const s of await fronts.users.listCompanyStaff(deps.db, o.companyId)) {
    const staff = await owedTo(deps.db, fronts, done, ref, s.id);
    if (!staff) continue;
    sends.push({
      ref,
      userId: s.id,
      mail: dayBeforeMail(staff.email, staff.firstName, provider, 'provider'),
      text: { to: staff.phone, body: dayBeforeText(provider, 'provider') },
    });
  }
  return sends;
}

async function deliverySends(
  deps: TReminderDeps,
  fronts: TReminderFronts,
  done: TClaimed,
  d: TDeliveryReminderJob,
): Promise<TReminderSend[]> {
  const ref = `delivery:${d.id}`;
  const job = `delivery #${d.id} (${d.itemsName.slice(0, 60)})`;
  const base = { job, date: d.arrivalDate, window: d.arrivalTime, address: d.address };
  const url = (path: string) => `${deps.config.publicUrl}${path}`;
  const sends: TReminderSend[] = [];
  const customer = await owedTo(deps.db, fronts, done, ref, d.customerId);
  if (customer) {
    const facts = { ...base, url: url(`/user-dashboard?delivery_id=${d.id}`) };
    sends.push({
      ref,
      userId: customer.id,
      mail: dayBeforeMail(customer.email, customer.firstName, facts, 'customer'),
      text: { to: d.phone, body: dayBeforeText(facts, 'customer') },
    });
  }
  if (d.acceptorUserId) {
    const helper = await owedTo(deps.db, fronts, done, ref, d.acceptorUserId);
    const choices = await fronts.labor.mailTarget(deps.db, d.acceptorUserId);
    if (helper) {
      const facts = { ...base, url: url(`/labor-dashboard?delivery_id=${d.id}`) };
      sends.push({
        ref,
        userId: helper.id,
        // Settings > Notifications: "Changes to my deliveries" off means no e-mail (the text has its own switch).
        mail:
          choices && choices.deliveryUpdates !== false
            ? dayBeforeMail(helper.email, helper.firstName, facts, 'provider')
            : null,
        text: { to: helper.phone, body: dayBeforeText(facts, 'provider') },
      });
    }
  } else if (d.acceptorCompanyId) {
    const facts = { ...base, url: url(`/deliveries?delivery_id=${d.id}`) };
    for (const s of await fronts.users.listCompanyStaff(deps.db, d.acceptorCompanyId)) {
      const staff = await owedTo(deps.db, fronts, done, ref, s.id);
      if (!staff) continue;
      sends.push({
        ref,
        userId: staff.id,
        mail: dayBeforeMail(staff.email, staff.firstName, facts, 'provider'),
        text: { to: staff.phone, body: dayBeforeText(facts, 'provider') },
      });
    }
  }
  return sends;
}

/** One run of the day-before job: how many reminders this run sent (a person per job, once ever). */
export async function runDayBeforeReminders(deps: TReminderDeps, fronts: TReminderFronts): Promise<number> {
  const now = deps.clock.now();
  const orders = await fronts.orders.movingTomorrow(now, DAY_BEFORE_FROM_HOUR);
  const deliveries = await fronts.deliveries.arrivingTomorrow(now, DAY_BEFORE_FROM_HOUR);
  const refs = [...orders.map((o) => `order:${o.id}`), ...deliveries.map((d) => `delivery:${d.id}`)];
  if (!refs.length) return 0;
  const done = await claimedFor(deps, 'day_before', refs);
  let sent = 0;
  for (const o of orders)
    sent += await sendOnce(deps, fronts, 'day_before', done, await orderSends(deps, fronts, done, o));
  for (const d of deliveries)
    sent += await sendOnce(deps, fronts, 'day_before', done, await deliverySends(deps, fronts, done, d));
  return sent;
}
