/**
 * The delivery state machine: pure, no I/O (decision 016). (delivery, viewer, action, now) ->
 * next state or a typed refusal, and every flag of the spec's Delivery entity for a viewer.
 *
 * Viewers: the customer; a `bidder` (a labor user or a company whose service area covers the
 * pickup, who has not accepted it); the `acceptor` (who won it). The admin reviews payouts; the
 * system confirms card payments. "Expired – No Company Accepted" is a New delivery past its
 * deadline, not a status; "Rejected" is per bidder (they stop seeing it, others still bid).
 */
import { DELIVERY_STATUS as S, type TDeliveryStatus } from '@haulpro/shared/delivery';
import { daysBetween, todayIn } from './availability.ts';

export type TDeliveryViewer = 'customer' | 'bidder' | 'acceptor';
export type TDeliveryParty = TDeliveryViewer | 'admin' | 'system';

export type TDeliveryState = {
  status: TDeliveryStatus;
  /** The delivery date (YYYY-MM-DD) in the pickup's time zone. */
  arrivalDate: string;
  timeZone: string;
  /** Bidding closes at this instant: a New delivery past it is expired. */
  deadline: Date | null;
  /** Status 4: the admin approved the payout submission; the customer may now confirm. */
  payoutApproved: boolean;
  /** For a bidder: they rejected this delivery (it stays open for others). */
  rejectedByViewer: boolean;
  archivedByCustomer: boolean;
  archivedByAcceptor: boolean;
  reviewedByCustomer: boolean;
  reviewedByAcceptor: boolean;
};

export const DELIVERY_ACTIONS = [
  'accept',
  'reject',
  'cancel',
  'complete',
  'archive',
  'review',
  'approve_payout',
  'reject_payout',
  'paid',
] as const;
export type TDeliveryAction = (typeof DELIVERY_ACTIONS)[number];

export type TDeliveryRefusal = {
  ok: false;
  code: 'not_allowed' | 'reason_required' | 'too_early' | 'expired';
  message: string;
};
export type TDeliveryTransition = { ok: true; next: TDeliveryState } | TDeliveryRefusal;

const refuse = (code: TDeliveryRefusal['code'], message: string): TDeliveryRefusal => ({
  ok: false,
  code,
  message,
});
const notAllowed = () =>
  refuse('not_allowed', 'This action is not available for the delivery in its current state.');

const FINISHED: readonly TDeliveryStatus[] = [S.customerCancelled, S.completed];

/** A New delivery nobody accepted before its deadline. */
export function isDeliveryExpired(d: Pick<TDeliveryState, 'status' | 'deadline'>, now: Date): boolean {
  return d.status === S.new && !!d.deadline && now.getTime() >= d.deadline.getTime();
}

/** Whole seconds left for bidding (New only); 0 when due. */
export function deliveryTillAutoReject(
  d: Pick<TDeliveryState, 'status' | 'deadline'>,
  now: Date,
): number | null {
  if (d.status !== S.new || !d.deadline) return null;
  return Math.max(0, Math.floor((d.deadline.getTime() - now.getTime()) / 1000));
}

const dayReached = (d: TDeliveryState, now: Date) =>
  daysBetween(todayIn(d.timeZone, now), d.arrivalDate) <= 0;

/** The customer's contact is sent to a helper only once they hold the delivery (not while bidding). */
export function isCustomerContactShown(d: Pick<TDeliveryState, 'status'>, viewer: TDeliveryViewer): boolean {
  return viewer === 'customer' || (viewer === 'acceptor' && d.status !== S.new);
}

/** Every flag of the spec's Delivery entity, for one viewer. */
export function deliveryFlags(d: TDeliveryState, viewer: TDeliveryViewer, now: Date) {
  const customer = viewer === 'customer';
  const bidder = viewer === 'bidder';
  const acceptor = viewer === 'acceptor';
  const expired = isDeliveryExpired(d, now);
  const finished = FINISHED.includes(d.status);

  const canAcceptorAccept = bidder && d.status === S.new && !expired && !d.rejectedByViewer;
  const canAcceptorReject = bidder && d.status === S.new && !d.rejectedByViewer;
  const canAcceptorCancel = acceptor && d.status === S.accepted;
  const canAcceptorComplete = acceptor && d.status === S.accepted && dayReached(d, now);
  const canAcceptorArchive = acceptor && finished && !d.archivedByAcceptor;
  const canAcceptorReview = acceptor && d.status === S.completed && !d.reviewedByAcceptor;

  // Before the delivery day the customer may cancel an accepted delivery; a New one always (an
  // expired one is cancelled with a full refund).
  const canCustomerCancel =
    customer &&
    (d.status === S.waitingForPayment ||
      d.status === S.new ||
      (d.status === S.accepted && !dayReached(d, now)));
  const canCustomerComplete =
    customer && d.status === S.waitingForComplete && d.payoutApproved && dayReached(d, now);
  const canCustomerArchive = customer && finished && !d.archivedByCustomer;
  const canCustomerReview = customer && d.status === S.completed && !d.reviewedByCustomer;

  return {
    canAcceptorAccept,
    canAcceptorReject,
    // Deliveries have no reschedule flow: the customer cancels and books again (decision 016).
    canAcceptorReschedule: false,
    canAcceptorCancel,
    canAcceptorComplete,
    canAcceptorArchive,
    canAcceptorReview,
    canCustomerReschedule: false,
    canCustomerCancel,
    canCustomerArchive,
    canCustomerComplete,
    canCustomerReview,
    canCustomerViewHelperReviews:
      customer && (d.status === S.accepted || d.status === S.waitingForComplete || d.status === S.completed),
    isArchived: customer ? d.archivedByCustomer : acceptor ? d.archivedByAcceptor : false,
    // Get Paid shows for the acceptor of an accepted delivery (enabled from the delivery day);
    // Complete shows for the customer once a payout was submitted.
    isCompleteButtonVisible:
      (acceptor && d.status === S.accepted) || (customer && d.status === S.waitingForComplete),
    isAcceptorCompleted: d.status === S.waitingForComplete || d.status === S.completed,
    can_accept: canAcceptorAccept,
    can_reject: canAcceptorReject,
    can_cancel: customer ? canCustomerCancel : canAcceptorCancel,
  };
}
export type TDeliveryFlags = ReturnType<typeof deliveryFlags>;

/**
 * Does this step bring the delivery into `status`? Entering Completed or Customer Cancelled is
 * what writes the payout ledger's row (decision 028), once.
 */
export function entersStatus(from: number, to: number, status: TDeliveryStatus): boolean {
  return to === status && from !== status;
}

/** One step. `reason` is required where the spec asks for one (presence here; length by the schema). */
export function deliveryTransition(
  d: TDeliveryState,
  party: TDeliveryParty,
  action: TDeliveryAction,
  now: Date,
  reason?: string,
): TDeliveryTransition {
  const to = (patch: Partial<TDeliveryState>): TDeliveryTransition => ({
    ok: true,
    next: { ...d, ...patch },
  });
  const hasReason = !!reason?.trim();
  if (party === 'system') {
    return action === 'paid' && d.status === S.waitingForPayment ? to({ status: S.new }) : notAllowed();
  }
  if (party === 'admin') {
    if (d.status !== S.waitingForComplete || d.payoutApproved) return notAllowed();
    if (action === 'approve_payout') return to({ payoutApproved: true });
    if (action === 'reject_payout')
      return hasReason ? to({ status: S.accepted }) : refuse('reason_required', 'A reason is required.');
    return notAllowed();
  }
  const f = deliveryFlags(d, party, now);
  switch (action) {
    case 'accept':
      if (party === 'bidder' && isDeliveryExpired(d, now))
        return refuse('expired', 'Bidding on this delivery has closed.');
      return f.canAcceptorAccept ? to({ status: S.accepted, rejectedByViewer: false }) : notAllowed();
    case 'reject':
      return f.canAcceptorReject ? to({ rejectedByViewer: true }) : notAllowed();
    case 'cancel':
      if (!f.can_cancel) return notAllowed();
      if (!hasReason) return refuse('reason_required', 'A reason is required.');
      // The acceptor gives the delivery up: it is open for bidding again (without them).
      return party === 'acceptor' ? to({ status: S.new }) : to({ status: S.customerCancelled });
    case 'complete':
      if (party === 'acceptor') {
        if (d.status === S.accepted && !f.canAcceptorComplete)
          return refuse('too_early', 'The delivery can be submitted for payout from its date on.');
        return f.canAcceptorComplete
          ? to({ status: S.waitingForComplete, payoutApproved: false })
          : notAllowed();
      }
      return f.canCustomerComplete ? to({ status: S.completed }) : notAllowed();
    case 'archive':
      if (party === 'customer') return f.canCustomerArchive ? to({ archivedByCustomer: true }) : notAllowed();
      return f.canAcceptorArchive ? to({ archivedByAcceptor: true }) : notAllowed();
    case 'review':
      if (party === 'customer') return f.canCustomerReview ? to({ reviewedByCustomer: true }) : notAllowed();
      return f.canAcceptorReview ? to({ reviewedByAcceptor: true }) : notAllowed();
    case 'approve_payout':
    case 'reject_payout':
    case 'paid':
      return notAllowed(); // the admin's and the system's (above)
  }
}
