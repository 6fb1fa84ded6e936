/**
 * The refund of a delivery (decisions 017, 029): pure, no I/O. A delivery has no refund until the
 * customer cancels it; then a card payment is owed back less the late-cancellation fee
 * (`pending` until the provider takes it, retried by the job while it cannot) and a cash or
 * unpaid one, or one whose fee kept everything, has `nothing_to_refund`.
 * `failed` is a state the column allows for a refund the provider refuses for good; no event
 * reaches it yet, and nothing leaves it.
 */
export const REFUND_STATUSES = ['pending', 'refunded', 'nothing_to_refund', 'failed'] as const;
export type TRefundStatus = (typeof REFUND_STATUSES)[number];

/** The refund columns of a delivery; status null: no refund is owed (it was not cancelled). */
export type TRefundState = { status: TRefundStatus | null; amountCents: number | null };

export type TRefundEvent =
  /** The customer cancelled: paid by card (a charge to return, less the fee) or not. */
  | { kind: 'cancelled'; paidByCard: boolean; refundCents: number }
  /** The provider took the refund. */
  | { kind: 'provider_refunded' }
  /** The provider could not be reached: it stays owed, for the retry job. */
  | { kind: 'provider_unreachable' };

export type TRefundTransition = { ok: true; next: TRefundState } | { ok: false };

export function refundTransition(s: TRefundState, e: TRefundEvent): TRefundTransition {
  switch (e.kind) {
    case 'cancelled':
      if (s.status !== null) return { ok: false };
      return e.paidByCard && e.refundCents > 0
        ? { ok: true, next: { status: 'pending', amountCents: e.refundCents } }
        : { ok: true, next: { status: 'nothing_to_refund', amountCents: 0 } };
    case 'provider_refunded':
      return s.status === 'pending' ? { ok: true, next: { ...s, status: 'refunded' } } : { ok: false };
    case 'provider_unreachable':
      return s.status === 'pending' ? { ok: true, next: s } : { ok: false };
  }
}

/** A refund the provider still has to take. */
export const refundOwed = (s: TRefundState): boolean => s.status === 'pending';
