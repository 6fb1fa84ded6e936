import type { TBalanceStatus, TJobEventType, TJobLine, TJobView } from '@haulpro/shared/move-day';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { daysBetween, todayIn } from '../../domain/availability.ts';
import { bookedQuoteOf, finalBill, type TFinalBill } from '../../domain/final-bill.ts';
import { jobClock, nextSteps, type TJobClock } from '../../domain/job-clock.ts';
import { toDollars } from '../../domain/money.ts';
import { signedFileUrl } from '../../storage/signed-urls.ts';
import type { TOrderRow } from '../orders/order-view.ts';
import {
  approvedSum,
  type TJobChangeRow,
  type TJobEventRow,
  type TJobLineRow,
  type TJobPhotoRow,
  type TJobRow,
} from './move-day.repository.ts';

/** A confirmed job's bill waits this long for the customer before it is confirmed for them. */
export const CONFIRM_WINDOW_HOURS = 48;

export type TJobParts = {
  order: TOrderRow;
  job: TJobRow | undefined;
  events: TJobEventRow[];
  changes: TJobChangeRow[];
  photos: TJobPhotoRow[];
  crew: {
    crewId: number;
    firstName: string;
    lastName: string;
    startedAt: Date | null;
    finishedAt: Date | null;
  }[];
  overtimeRate: number;
};

export const clockOf = (events: TJobEventRow[], now: Date): TJobClock =>
  jobClock(
    events.map((e) => ({ type: e.type as TJobEventType, at: e.at, etaMinutes: e.etaMinutes })),
    now,
  );

/** What the card paid at booking (0 for cash or before payment). */
const paidOf = (o: TOrderRow) =>
  o.paymentMethod === 'electronic' && o.paidAt ? (o.paidAmount ?? o.orderPrice) : 0;

/** The bill of the job as it stands (the running cost while the clock runs). */
export function billOf(
  p: Pick<TJobParts, 'order' | 'changes' | 'overtimeRate'>,
  clock: TJobClock,
): TFinalBill {
  return billWith(p.order, approvedSum(p.changes), p.overtimeRate, clock);
}

/** The bill from the approved changes' sum (cents), as a list that reads no change rows has it. */
function billWith(order: TOrderRow, approvedChanges: number, overtimeRate: number, clock: TJobClock) {
  return finalBill({
    quote: bookedQuoteOf(order.quote, order.orderPrice),
    overtimeRate,
    workedMinutes: clock.startedAt ? clock.workedMinutes : null,
    approvedChanges,
    paid: paidOf(order),
  });
}

/**
 * The job at a glance on the customer's order card: what the job view says of its state, its bill
 * so far, the changes waiting for an answer and whether the bill waits for confirmation. Null
 * until the crew takes a step.
 */
export function jobLineOf(order: TOrderRow, r: TJobLineRow, now: Date): TJobLine | null {
  const clock = jobClock(
    r.events.map((e) => ({ type: e.type as TJobEventType, at: new Date(e.atMs), etaMinutes: e.etaMinutes })),
    now,
  );
  if (clock.state === 'not_started') return null;
  return {
    state: clock.state,
    eta_at: iso(clock.etaAt),
    worked_minutes: clock.workedMinutes,
    total: toDollars(billWith(order, r.approved, r.overtimeRate, clock).total),
    pending_changes: r.pending,
    // As the job view's can_confirm for the customer: finished, Being Completed and not confirmed.
    to_confirm: order.status === ORDER_STATUS.beingCompleted && !r.confirmed && clock.state === 'finished',
    time_zone: order.timeZone,
  };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The balance's state as the customer reads it (a refund owed becomes refunded once sent). */
function balanceStatusOf(o: TOrderRow): TBalanceStatus {
  if (o.balanceStatus === 'refund_pending' && o.refundStatus === 'refunded') return 'refunded';
  return o.balanceStatus ?? 'none';
}

/** Is the order's move day here (its date in the branch's time zone), and the order one a crew works? */
export function isWorkable(o: TOrderRow, now: Date): boolean {
  return (
    (o.status === ORDER_STATUS.accepted || o.status === ORDER_STATUS.beingCompleted) &&
    daysBetween(todayIn(o.timeZone, now), o.arrivalDate) <= 0
  );
}

const unconfirmed = (p: TJobParts) => p.order.status === ORDER_STATUS.beingCompleted && !p.job?.confirmedAt;

/** Crew and changes may be added from arrival until the bill is confirmed. */
export function canAddChange(p: TJobParts, clock: TJobClock, now: Date): boolean {
  if (!isWorkable(p.order, now) || p.job?.confirmedAt) return false;
  return clock.state !== 'not_started' && clock.state !== 'on_the_way';
}

/** The job as both sides read it (money in dollars). */
export function jobView(p: TJobParts, viewer: 'company' | 'customer', now: Date): TJobView {
  const o = p.order;
  const clock = clockOf(p.events, now);
  const bill = billOf(p, clock);
  const finishedAt = p.job?.finishedAt ?? clock.finishedAt;
  const confirmBy = finishedAt ? new Date(finishedAt.getTime() + CONFIRM_WINDOW_HOURS * 3_600_000) : null;
  const open = unconfirmed(p) && clock.state === 'finished';
  const steps = o.status === ORDER_STATUS.accepted && isWorkable(o, now) ? nextSteps(clock.state) : [];
  const photoUrl = (id: number | null) => {
    const ph = id ? p.photos.find((x) => x.id === id) : undefined;
    return ph ? signedFileUrl(ph.path, now) : null;
  };
  return {
    order_id: o.id,
    state: clock.state,
    events: p.events.map((e) => ({
      id: e.id,
      type: e.type as TJobEventType,
      at: e.at.toISOString(),
      device_at: iso(e.deviceAt),
      corrected: e.corrected === 1,
      eta_minutes: e.etaMinutes,
      by: null,
    })),
    eta_at: iso(clock.etaAt),
    started_at: iso(clock.startedAt),
    finished_at: iso(finishedAt),
    worked_minutes: clock.workedMinutes,
    break_minutes: clock.breakMinutes,
    billable_minutes: clock.startedAt ? bill.billableMinutes : 0,
    bill: {
      booked: toDollars(bill.booked),
      extra_time: toDollars(bill.extraTime),
      changes: toDollars(bill.changes),
      discounts: toDollars(bill.discounts),
      fees: toDollars(bill.fees),
      paid: toDollars(bill.paid),
      balance: toDollars(bill.balance),
      total: toDollars(bill.total),
      hourly: toDollars(bill.hourly),
      overtime_rate: toDollars(bill.overtimeRate),
      booked_minutes: bill.bookedMinutes,
      minimum_minutes: bill.minimumMinutes,
      extra_minutes: bill.extraMinutes,
    },
    changes: p.changes.map((c) => ({
      id: c.id,
      kind: c.kind,
      description: c.description,
      quantity: c.quantity,
      amount: toDollars(c.amount),
      status: c.status,
      decided_on: c.decidedOn,
      photo_url: photoUrl(c.photoId),
      created_at: c.createdAt.toISOString(),
      decided_at: iso(c.decidedAt),
    })),
    photos: p.photos.flatMap((ph) => {
      const url = signedFileUrl(ph.path, now);
      return url ? [{ id: ph.id, phase: ph.phase, url, created_at: ph.createdAt.toISOString() }] : [];
    }),
    crew: p.crew.map((m) => {
      const end = m.finishedAt ?? (m.startedAt ? (clock.finishedAt ?? now) : null);
      const span = m.startedAt && end ? Math.max(0, end.getTime() - m.startedAt.getTime()) : 0;
      const inBreaks = m.startedAt && end ? overlapMs(clock.breaks, m.startedAt, end) : 0;
      return {
        crew_id: m.crewId,
        name: `${m.firstName} ${m.lastName}`.trim(),
        started_at: iso(m.startedAt),
        finished_at: iso(m.finishedAt),
        worked_minutes: Math.floor((span - inBreaks) / 60_000),
      };
    }),
    next_steps: viewer === 'company' ? [...steps] : [],
    can_add_change: viewer === 'company' && canAddChange(p, clock, now),
    can_sign: viewer === 'company' && open,
    can_confirm: viewer === 'customer' && open,
    can_dispute: viewer === 'customer' && open && !p.job?.disputedAt,
    confirm_by: open && !p.job?.disputedAt ? iso(confirmBy) : null,
    signed_at: iso(p.job?.signedAt),
    confirmed_at: iso(p.job?.confirmedAt),
    confirmed_by: p.job?.confirmedBy ?? null,
    disputed_at: iso(p.job?.disputedAt),
    dispute_reason: p.job?.disputeReason ?? null,
    balance_status: balanceStatusOf(o),
    work_order_url: p.job?.workOrder ? signedFileUrl(p.job.workOrder, now) : null,
    time_zone: o.timeZone,
    arrival_date: o.arrivalDate,
    arrival_time: o.arrivalTime,
  };
}

/** How much of [from, to] the breaks cover (ms). */
export function overlapMs(breaks: { from: Date; to: Date }[], from: Date, to: Date): number {
  return breaks.reduce((s, b) => {
    const a = Math.max(b.from.getTime(), from.getTime());
    const z = Math.min(b.to.getTime(), to.getTime());
    return s + Math.max(0, z - a);
  }, 0);
}
