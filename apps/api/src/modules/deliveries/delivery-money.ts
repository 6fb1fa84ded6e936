import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import { TIP_MSG } from '@haulpro/shared/payouts';
import type { TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import { deliveryTransition, entersStatus } from '../../domain/delivery-machine.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import { toCents } from '../../domain/money.ts';
import type { TDeliveryRow } from './deliveries.repository.ts';
import type { TDeliveryRequest } from './delivery-actions.ts';
import type { TDeliveryPayouts } from './delivery-transition.ts';
import { deliveryState } from './delivery-view.ts';

const payeeOf = (d: TDeliveryRow) =>
  d.acceptorCompanyId ? { companyId: d.acceptorCompanyId } : { userId: d.acceptorUserId ?? 0 };

/** A payment or a confirmation: its money is recorded with the step (a charge, a tip). */
const movesMoney = (request: TDeliveryRequest) => request.kind === 'paid' || request.kind === 'confirm';

/**
 * The deliveries' side of the money (decision 028): the booking's charge when the card payment
 * lands, the ledger row when the customer confirms (Base Price − Processing Fee + Tip) or cancels
 * an accepted delivery late (the fee kept), the tip charged to the card saved at booking, and the
 * transfer after the commit.
 */
export function createDeliveryMoney(deps: Pick<TDeps, 'payments' | 'log'>, payouts: TDeliveryPayouts) {
  return {
    movesMoney,

    /**
     * Whether ledgerOfStep may write for a step (a payment, a confirmation, or a step that ends
     * Completed or Customer Cancelled): when not, the step's statement is all it writes.
     */
    mayWriteLedger: (request: TDeliveryRequest, before: Pick<TDeliveryRow, 'status'>, next: number) =>
      movesMoney(request) ||
      entersStatus(before.status, next, S.completed) ||
      entersStatus(before.status, next, S.customerCancelled),

    /** In the step's transaction, with the row before and after the one writer's update. */
    async ledgerOfStep(
      tx: TTx,
      before: TDeliveryRow,
      after: TDeliveryRow,
      request: TDeliveryRequest,
      now: Date,
    ) {
      const ref = { deliveryId: after.id };
      if (request.kind === 'paid' && !before.paidAt && after.paidAt)
        await payouts.recordMovement(tx, {
          ...ref,
          kind: 'charge',
          amount: request.amountCents ?? after.totalPrice,
          providerRef: request.paymentIntentId ?? request.sessionId,
          idempotencyKey: `charge-delivery-${after.id}`,
          createdAt: now,
        });
      if (request.kind === 'confirm' && request.tipRef && request.tip)
        await payouts.recordMovement(tx, {
          ...ref,
          kind: 'tip_charge',
          amount: request.tip,
          providerRef: request.tipRef,
          idempotencyKey: `tip-delivery-${after.id}`,
          createdAt: now,
        });
      if (entersStatus(before.status, after.status, S.completed))
        await payouts.recordJob(tx, {
          ...ref,
          payee: payeeOf(after),
          paymentMethod: after.paidAt ? 'electronic' : 'cash',
          gross: after.basePrice,
          platformFee: after.systemFee,
          tip: after.tip,
          cancellationFee: 0,
          tipByCheckout: request.kind === 'confirm' && !!request.tipByCheckout,
          now,
        });
      if (
        entersStatus(before.status, after.status, S.customerCancelled) &&
        after.cancellationFee > 0 &&
        after.paidAt
      )
        await payouts.recordJob(tx, {
          ...ref,
          payee: payeeOf(after),
          paymentMethod: 'electronic',
          gross: 0,
          platformFee: 0,
          tip: 0,
          cancellationFee: after.cancellationFee,
          now,
        });
    },

    /** After the step committed: the transfer of a finished delivery goes out now (the runner retries). */
    afterCommit: (d: TDeliveryRow) =>
      d.status === S.completed || d.status === S.customerCancelled
        ? payouts.settle({ deliveryIds: [d.id] })
        : Promise.resolve(0),

    /** The tip's own Checkout, once the confirmation committed (its ledger row waits for it). */
    openTipCheckout: (d: TDeliveryRow, amountCents: number, email: string) =>
      payouts.openTipCheckout(
        { deliveryId: d.id },
        { amountCents, customerEmail: email, returnPath: `/user-dashboard?delivery_id=${d.id}` },
      ),

    /** The refund the provider took, in the journal (once per key). */
    recordRefund: (tx: TTx, d: TDeliveryRow, refundId: string, key: string, now: Date) =>
      payouts.recordMovement(tx, {
        deliveryId: d.id,
        kind: 'refund',
        amount: d.refundAmount ?? 0,
        providerRef: refundId,
        idempotencyKey: key,
        createdAt: now,
      }),

    /**
     * The customer's confirmation with a tip: at most the delivery's price; a card delivery's tip
     * is charged to the card saved at booking first (one key per delivery), only when the machine
     * allows the confirmation. Answers the request for the funnel.
     */
    async confirmRequest(d: TDeliveryRow, tipDollars: number, now: Date): Promise<TDeliveryRequest> {
      const tip = toCents(tipDollars);
      if (tip > d.totalPrice) throw invalid({ tip: [TIP_MSG.tooMuch] });
      if (tip === 0 || !d.paidAt) return { kind: 'confirm', tip };
      // Never charge a tip for a confirmation the machine refuses (its own words).
      const check = deliveryTransition(deliveryState(d), 'customer', 'complete', now);
      if (!check.ok) throw conflict(check.message);
      if (!deps.payments) throw invalid({ tip: [TIP_MSG.noSavedCard] });
      // No saved card: the confirmation stands, the tip gets its own small Checkout after it.
      if (!d.stripeCustomerId || !d.paymentIntentId)
        return { kind: 'confirm', tip: 0, tipByCheckout: { amountCents: tip } };
      const ref = await payouts.chargeSavedCardTip(
        { deliveryId: d.id },
        { customerId: d.stripeCustomerId, bookingPaymentIntentId: d.paymentIntentId, amountCents: tip },
      );
      return { kind: 'confirm', tip, tipRef: ref };
    },
  };
}

export type TDeliveryMoney = ReturnType<typeof createDeliveryMoney>;
