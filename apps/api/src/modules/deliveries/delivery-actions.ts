import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import type { TCancellationTier } from '@haulpro/shared/payouts';
import type { TTx } from '../../db/client.ts';
import type { deliveries, TPayoutFileRecord } from '../../db/schema.ts';
import type { TDeliveryAction, TDeliveryParty } from '../../domain/delivery-machine.ts';
import { refundTransition } from '../../domain/delivery-refund-machine.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import type { TReviewsService } from '../reviews/reviews.service.ts';
import {
  markRejected,
  type TBidderRow,
  type TDeliveryActor,
  type TDeliveryRow,
} from './deliveries.repository.ts';
import { deliveryCancelTerms, deliveryPaidByCard } from './delivery-cancellation.ts';
import { payoutProofRefusal } from './delivery-move-day-rules.ts';
import { STALE_DELIVERY } from './delivery-transition.ts';
import { decidePayoutSubmission, insertPayoutSubmission } from './payouts.repository.ts';

export const NOT_COVERING = 'This branch does not cover the pickup address.';
export const ALREADY_REVIEWED_PAYOUT = 'This payout submission was already reviewed.';

/** Who asks: resolved against the locked row into the machine's party (or a 404). */
export type TDeliveryCaller =
  | { kind: 'customer'; userId: number }
  | { kind: 'helper'; userId: number; actor: TDeliveryActor }
  | { kind: 'admin'; userId: number }
  | { kind: 'system' };

/** A helper's Get Paid, its files already stored. */
export type TPreparedSubmission = {
  files: TPayoutFileRecord[];
  note: string | null;
  signedOnDevice: boolean;
};

/** Every request that steps a delivery: what the caller asks, never how it is written. */
export type TDeliveryRequest =
  | { kind: 'accept'; branchId?: number | undefined }
  | { kind: 'reject' }
  | { kind: 'give_back'; reason: string }
  | { kind: 'helper_archive' }
  | { kind: 'submit_payout'; submission: TPreparedSubmission }
  | { kind: 'customer_cancel'; reason?: string | undefined; policy: TCancellationTier[] }
  /** The customer confirms; `tip` (cents) charged before as `tipRef` when paid by card. */
  | { kind: 'confirm'; tip?: number; tipRef?: string; tipByCheckout?: { amountCents: number } }
  | { kind: 'customer_archive' }
  | { kind: 'review'; star: number; comment: string }
  | { kind: 'approve_payout'; submissionId: number }
  | { kind: 'reject_payout'; submissionId: number; reason?: string | undefined }
  | {
      kind: 'paid';
      sessionId: string | null;
      amountCents?: number | null;
      paymentIntentId?: string | null;
      customerId?: string | null;
    };
export type TDeliveryRequestKind = TDeliveryRequest['kind'];

/** What an action's patch and effects see: the row as locked, who acts, and their bids. */
export type TActionContext<R extends TDeliveryRequest = TDeliveryRequest> = {
  tx: TTx;
  row: TDeliveryRow;
  caller: TDeliveryCaller;
  party: TDeliveryParty;
  request: R;
  now: Date;
  /** The caller's bidder rows (bidders only; read once, with the row locked). */
  bids: TBidderRow[];
  /** The reviews module, which writes a side's review in this transaction. */
  reviews: Pick<TReviewsService, 'writeInStep'>;
};

/**
 * One line of the table: who may ask (`audience`), the machine's action, and what the one writer
 * writes with the new state. `skip`: the request is a no-op for this row (a payment event for
 * another session); `patch`: more columns; `effects`: more writes in the same transaction once
 * the row is won (they may answer an id); `refundAfterCommit`: ask the provider for the refund
 * the patch made owed, after the commit.
 */
export type TActionEntry<R extends TDeliveryRequest> = {
  audience: 'customer' | 'helper' | 'customer_or_acceptor' | 'admin' | 'system';
  action: TDeliveryAction;
  reason?: (r: R) => string | undefined;
  skip?: (c: TActionContext<R>) => boolean;
  patch?: (c: TActionContext<R>) => Partial<typeof deliveries.$inferInsert>;
  effects?: (c: TActionContext<R>) => Promise<number | undefined>;
  refundAfterCommit?: true;
};
type TActionTable = { [K in TDeliveryRequestKind]: TActionEntry<Extract<TDeliveryRequest, { kind: K }>> };

const actorOf = (c: TActionContext): TDeliveryActor | null =>
  c.caller.kind === 'helper' ? c.caller.actor : null;
const userOf = (c: TActionContext): number | null => (c.caller.kind === 'system' ? null : c.caller.userId);

/** The bidder stops seeing it (a company's reject hides it from all its branches). */
async function hideFromCaller(c: TActionContext): Promise<undefined> {
  const actor = actorOf(c);
  if (actor) await markRejected(c.tx, c.row.id, actor);
  return undefined;
}

/** The acceptor of an accept: a labor user, or the chosen (else the nearest) covering branch. */
function acceptor(c: TActionContext<{ kind: 'accept'; branchId?: number | undefined }>) {
  const actor = actorOf(c);
  if (actor?.kind === 'company') {
    const open = c.bids.filter((b) => !b.rejected && b.branchId);
    const chosen = c.request.branchId ? open.find((b) => b.branchId === c.request.branchId) : open[0];
    if (!chosen?.branchId) throw invalid({ branch_id: [NOT_COVERING] });
    return {
      acceptorUserId: null,
      acceptorCompanyId: actor.companyId,
      acceptorBranchId: chosen.branchId,
      acceptedAt: c.now,
    };
  }
  return { acceptorUserId: userOf(c), acceptorCompanyId: null, acceptorBranchId: null, acceptedAt: c.now };
}

async function decidePayout(
  c: TActionContext,
  submissionId: number,
  decision: 'approved' | 'rejected',
  reason: string | undefined,
) {
  const won = await decidePayoutSubmission(c.tx, submissionId, {
    status: decision,
    reason: decision === 'rejected' ? (reason?.trim() ?? null) : null,
    reviewedBy: userOf(c) ?? 0,
    reviewedAt: c.now,
  });
  if (!won) throw conflict(ALREADY_REVIEWED_PAYOUT);
  return undefined;
}

/** Every delivery action, by request (decisions 016 and 017). */
export const DELIVERY_ACTION_TABLE: TActionTable = {
  accept: { audience: 'helper', action: 'accept', patch: acceptor },
  reject: { audience: 'helper', action: 'reject', effects: hideFromCaller },
  give_back: {
    audience: 'helper',
    action: 'cancel',
    reason: (r) => r.reason,
    // The acceptor gives it back: open again, without them.
    patch: () => ({
      acceptorUserId: null,
      acceptorCompanyId: null,
      acceptorBranchId: null,
      acceptedAt: null,
    }),
    effects: hideFromCaller,
  },
  helper_archive: { audience: 'helper', action: 'archive' },
  submit_payout: {
    audience: 'helper',
    action: 'complete',
    // Once the helper used the move-day steps, Get Paid needs the drop-off photo (docs/spec-gaps.md).
    patch: ({ row }) => {
      const missing = payoutProofRefusal(row);
      if (missing) throw invalid({ dropoff_photo: [missing] });
      return {};
    },
    effects: async (c) => {
      const s = c.request.submission;
      await insertPayoutSubmission(c.tx, {
        deliveryId: c.row.id,
        submittedBy: userOf(c) ?? 0,
        helperNote: s.note,
        signedOnDevice: s.signedOnDevice,
        files: s.files,
        createdAt: c.now,
      });
      return undefined;
    },
  },
  customer_cancel: {
    audience: 'customer',
    action: 'cancel',
    reason: (r) => r.reason,
    // The charge back less the acceptor's late-cancellation fee (decision 029), by the provider
    // when it was paid by card; nothing to refund for cash. `policy`: the acceptor's tiers.
    patch: ({ row, request, now }) => {
      const terms = deliveryCancelTerms(row, request.policy, now);
      const refund = refundTransition(
        { status: row.refundStatus, amountCents: row.refundAmount },
        { kind: 'cancelled', paidByCard: deliveryPaidByCard(row), refundCents: terms.refundCents },
      );
      return {
        cancelledBy: 'customer',
        cancelReason: request.reason?.trim() ?? null,
        cancellationFee: terms.feeCents,
        ...(refund.ok ? { refundStatus: refund.next.status, refundAmount: refund.next.amountCents } : {}),
      };
    },
    refundAfterCommit: true,
  },
  confirm: {
    audience: 'customer',
    action: 'complete',
    // The customer confirmed, with an optional tip: the ledger's row (Base Price − Processing Fee +
    // Tip) is written by the funnel from the row as updated (delivery-money.ts).
    patch: ({ row, request }) =>
      request.tip ? { tip: row.tip + request.tip, totalPrice: row.totalPrice + request.tip } : {},
  },
  customer_archive: { audience: 'customer', action: 'archive' },
  review: {
    audience: 'customer_or_acceptor',
    action: 'review',
    // One per side, unpublished at first (decision 010).
    effects: async (c) => {
      const byCustomer = c.party === 'customer';
      const written = await c.reviews.writeInStep(c.tx, {
        deliveryId: c.row.id,
        senderUserId: userOf(c) ?? 0,
        senderParty: byCustomer ? 'customer' : 'company',
        receiverUserId: byCustomer ? c.row.acceptorUserId : c.row.customerId,
        receiverBranchId: byCustomer ? c.row.acceptorBranchId : null,
        star: c.request.star,
        comment: c.request.comment,
        createdAt: c.now,
        updatedAt: c.now,
      });
      if (!written) throw conflict(STALE_DELIVERY);
      return written;
    },
  },
  approve_payout: {
    audience: 'admin',
    action: 'approve_payout',
    effects: (c) => decidePayout(c, c.request.submissionId, 'approved', undefined),
  },
  reject_payout: {
    audience: 'admin',
    action: 'reject_payout',
    reason: (r) => r.reason,
    effects: (c) => decidePayout(c, c.request.submissionId, 'rejected', c.request.reason),
  },
  paid: {
    audience: 'system',
    action: 'paid',
    // Another session's event, or a delivery no longer waiting: nothing to do.
    skip: ({ row, request }) =>
      row.status !== S.waitingForPayment ||
      (request.sessionId !== null && row.paymentSessionId !== request.sessionId),
    patch: ({ now, request }) => ({
      paidAt: now,
      paymentIntentId: request.paymentIntentId ?? null,
      stripeCustomerId: request.customerId ?? null,
    }),
  },
};

/**
 * The entry of a request's kind, typed for any request: the table's mapped type already ties
 * each entry to its own kind, which TypeScript cannot correlate through a union key.
 */
export function actionFor(r: TDeliveryRequest): TActionEntry<TDeliveryRequest> {
  return DELIVERY_ACTION_TABLE[r.kind] as unknown as TActionEntry<TDeliveryRequest>;
}
