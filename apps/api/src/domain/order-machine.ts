/**
 * The order state machine: pure, no I/O. (order, viewer, action, now) -> next state or a typed
 * refusal, and every flag the spec names, for a viewer. Rules: docs/decisions/007.
 */
import { ORDER_STATUS as S, type TOrderStatus } from '@haulpro/shared/order';
import { daysBetween, todayIn } from './availability.ts';

export type TViewer = 'customer' | 'company';
export type TParty = TViewer | 'system';

export type TOrderState = {
  status: TOrderStatus;
  /** While Being Rescheduled: the status the order returns to (New or Accepted). */
  statusBeforeReschedule: TOrderStatus | null;
  /** While Being Rescheduled: who asked. */
  rescheduleRequestedBy: TViewer | null;
  /** The move date (YYYY-MM-DD) in the branch's time zone. */
  arrivalDate: string;
  timeZone: string;
  /** New orders are rejected automatically at this instant. */
  responseDeadline: Date | null;
  archivedByCustomer: boolean;
  archivedByCompany: boolean;
  reviewedByCustomer: boolean;
  reviewedByCompany: boolean;
};

export const ORDER_ACTIONS = [
  'accept',
  'reject',
  'request_reschedule',
  'reschedule_instantly',
  'approve_reschedule',
  'reject_reschedule',
  'complete',
  'cancel',
  'archive',
  'review',
  // The system's own: a New order past its response deadline; a card payment that went through
  // (and `complete`, a finished job's bill confirmed automatically after 48 hours).
  'expire',
  'paid',
] as const;
export type TOrderAction = (typeof ORDER_ACTIONS)[number];

export type TRefusal = {
  ok: false;
  code: 'not_allowed' | 'reason_required' | 'too_early' | 'expired';
  message: string;
};
export type TTransition = { ok: true; next: TOrderState } | TRefusal;

const FINISHED: readonly TOrderStatus[] = [S.rejected, S.cancelled, S.completed];
const CUSTOMER_CANCELLABLE: readonly TOrderStatus[] = [
  S.waitingForPayment,
  S.new,
  S.accepted,
  S.beingRescheduled,
];

const refuse = (code: TRefusal['code'], message: string): TRefusal => ({ ok: false, code, message });
const notAllowed = () =>
  refuse('not_allowed', 'This action is not available for the order in its current state.');

/** The response deadline: 24 hours after placing (a setting), never later than one hour before arrival. */
export function responseDeadline(placedAt: Date, arrivalStart: Date, hours = 24): Date {
  const byAge = placedAt.getTime() + hours * 3_600_000;
  const byArrival = arrivalStart.getTime() - 3_600_000;
  return new Date(Math.max(placedAt.getTime(), Math.min(byAge, byArrival)));
}

/** Whole seconds left before auto-reject, for New orders only; 0 when due. */
export function tillAutoReject(
  o: Pick<TOrderState, 'status' | 'responseDeadline'>,
  now: Date,
): number | null {
  if (o.status !== S.new || !o.responseDeadline) return null;
  return Math.max(0, Math.floor((o.responseDeadline.getTime() - now.getTime()) / 1000));
}

const isOverdue = (o: TOrderState, now: Date) =>
  !!o.responseDeadline && now.getTime() >= o.responseDeadline.getTime();
const moveDayReached = (o: TOrderState, now: Date) =>
  daysBetween(todayIn(o.timeZone, now), o.arrivalDate) <= 0;

/** The customer's phone is shown to the company once the job is accepted (spec): Accepted, Being Completed, Completed, or a reschedule of an accepted order. */
export function isCustomerPhoneRevealed(o: Pick<TOrderState, 'status' | 'statusBeforeReschedule'>): boolean {
  return (
    o.status === S.accepted ||
    o.status === S.beingCompleted ||
    o.status === S.completed ||
    (o.status === S.beingRescheduled && o.statusBeforeReschedule === S.accepted)
  );
}

/** Every flag of the spec's Order entity, for one viewer. Helper flags are for the company side. */
export function orderFlags(o: TOrderState, viewer: TViewer, now: Date) {
  const customer = viewer === 'customer';
  const company = viewer === 'company';
  const finished = FINISHED.includes(o.status);
  const rescheduling = o.status === S.beingRescheduled;
  const isHelperBeingRescheduled = rescheduling && o.rescheduleRequestedBy === 'company';
  const isCustomerBeingRescheduled = rescheduling && o.rescheduleRequestedBy === 'customer';

  const helperCanAccept = company && o.status === S.new && !isOverdue(o, now);
  const helperCanReject = company && o.status === S.new;
  const helperCanReschedule = company && (o.status === S.new || o.status === S.accepted);
  const helperCanComplete = company && o.status === S.accepted && moveDayReached(o, now);
  const helperCanCancel = company && (o.status === S.accepted || isCustomerBeingRescheduled);
  const helperCanArchive = company && finished && !o.archivedByCompany;
  const helperCanReview = company && o.status === S.completed && !o.reviewedByCompany;
  const helperCanRespondToReschedule = company && isCustomerBeingRescheduled;

  const customerCanReschedule = customer && (o.status === S.new || o.status === S.accepted);
  const customerCanComplete = customer && o.status === S.beingCompleted;
  const customerCanCancel = customer && CUSTOMER_CANCELLABLE.includes(o.status);
  const customerCanArchive = customer && finished && !o.archivedByCustomer;
  const customerCanReview = customer && o.status === S.completed && !o.reviewedByCustomer;
  const customerCanRespondToReschedule = customer && isHelperBeingRescheduled;

  return {
    isHelperBeingRescheduled,
    isCustomerBeingRescheduled,
    customerCanReschedule,
    customerCanComplete,
    customerCanCancel,
    customerCanArchive,
    customerCanReview,
    customerCanRespondToReschedule,
    customerCanHireNewHelper: customerCanArchive && o.status !== S.completed,
    isCustomerReadyToComplete: o.status === S.beingCompleted,
    helperCanAccept,
    helperCanReject,
    helperCanReschedule,
    helperCanComplete,
    helperCanCancel,
    helperCanArchive,
    helperCanReview,
    helperCanRespondToReschedule,
    can_accept: helperCanAccept,
    can_reject: helperCanReject,
    can_cancel: customer ? customerCanCancel : helperCanCancel,
    isArchived: customer ? o.archivedByCustomer : o.archivedByCompany,
  };
}
export type TOrderFlags = ReturnType<typeof orderFlags>;

/**
 * Does this step make the order Completed? Its job then joins the payout ledger (decision 028)
 * and a referred customer's first completion earns the referrer's credit (decision 022).
 */
export function completesOrder(from: number, to: number): boolean {
  return to === S.completed && from !== S.completed;
}

/** One step of the machine. `reason` is required where the spec asks for one (checked for presence here, length by ZReason). */
export function transition(
  o: TOrderState,
  party: TParty,
  action: TOrderAction,
  now: Date,
  reason?: string,
): TTransition {
  if (party === 'system') {
    if (action === 'paid')
      return o.status === S.waitingForPayment ? { ok: true, next: { ...o, status: S.new } } : notAllowed();
    // A finished job's bill the customer neither confirmed nor disputed in 48 hours (decision 030).
    if (action === 'complete')
      return o.status === S.beingCompleted ? { ok: true, next: { ...o, status: S.completed } } : notAllowed();
    if (action !== 'expire' || o.status !== S.new) return notAllowed();
    if (!isOverdue(o, now)) return refuse('too_early', 'The response deadline has not passed yet.');
    return { ok: true, next: { ...o, status: S.rejected } };
  }
  const f = orderFlags(o, party, now);
  const hasReason = !!reason?.trim();
  const to = (patch: Partial<TOrderState>): TTransition => ({ ok: true, next: { ...o, ...patch } });
  const back = () =>
    to({
      status: o.statusBeforeReschedule ?? S.accepted,
      statusBeforeReschedule: null,
      rescheduleRequestedBy: null,
    });

  switch (action) {
    case 'accept':
      if (party === 'company' && o.status === S.new && isOverdue(o, now)) {
        return refuse('expired', 'The response time for this order has passed.');
      }
      return f.helperCanAccept ? to({ status: S.accepted }) : notAllowed();
    case 'reject':
      return f.helperCanReject ? to({ status: S.rejected }) : notAllowed();
    case 'request_reschedule':
      if (!(party === 'company' ? f.helperCanReschedule : f.customerCanReschedule)) return notAllowed();
      return to({
        status: S.beingRescheduled,
        statusBeforeReschedule: o.status,
        rescheduleRequestedBy: party,
      });
    case 'reschedule_instantly':
      // Staff may apply a new date at once ("Reschedule approved"); the status stays.
      return f.helperCanReschedule ? to({}) : notAllowed();
    case 'approve_reschedule':
      return (party === 'company' ? f.helperCanRespondToReschedule : f.customerCanRespondToReschedule)
        ? back()
        : notAllowed();
    case 'reject_reschedule':
      if (!(party === 'company' ? f.helperCanRespondToReschedule : f.customerCanRespondToReschedule))
        return notAllowed();
      return hasReason ? back() : refuse('reason_required', 'A reason is required.');
    case 'complete':
      if (party === 'customer') return f.customerCanComplete ? to({ status: S.completed }) : notAllowed();
      if (o.status === S.accepted && !f.helperCanComplete)
        return refuse('too_early', 'The job can be completed from the move date on.');
      return f.helperCanComplete ? to({ status: S.beingCompleted }) : notAllowed();
    case 'cancel':
      if (!f.can_cancel) return notAllowed();
      return hasReason
        ? to({ status: S.cancelled, statusBeforeReschedule: null, rescheduleRequestedBy: null })
        : refuse('reason_required', 'A reason is required.');
    case 'archive':
      if (party === 'customer') return f.customerCanArchive ? to({ archivedByCustomer: true }) : notAllowed();
      return f.helperCanArchive ? to({ archivedByCompany: true }) : notAllowed();
    case 'review':
      if (party === 'customer') return f.customerCanReview ? to({ reviewedByCustomer: true }) : notAllowed();
      return f.helperCanReview ? to({ reviewedByCompany: true }) : notAllowed();
    case 'expire':
    case 'paid':
      return notAllowed(); // the system's actions (above)
  }
}
