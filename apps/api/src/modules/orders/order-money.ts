import { ORDER_STATUS, type TOrderStatus } from '@haulpro/shared/order';
import { TIP_MSG } from '@haulpro/shared/payouts';
import type { TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import { invalid } from '../../domain/errors.ts';
import { completesOrder } from '../../domain/order-machine.ts';
import { platformFeeOf } from '../../domain/payout-ledger.ts';
import type { TCheckoutService } from '../checkout/checkout.service.ts';
import type { TFinishedJob, TPayoutsService } from '../payouts/payouts.service.ts';
import { markOrderRefunded, pendingOrderRefunds } from './order-refunds.repository.ts';
import type { TOrderRow } from './order-view.ts';
import { findOrder } from './orders.repository.ts';

/** What the orders' money asks of the payouts and checkout modules. */
export type TOrderMoneyFronts = {
  payouts: Pick<
    TPayoutsService,
    | 'recordJob'
    | 'recordJobIf'
    | 'recordMovement'
    | 'settle'
    | 'openTipCheckout'
    | 'chargeSavedCardTip'
    | 'chargeSavedCardBalance'
  >;
  checkout: Pick<TCheckoutService, 'refund'>;
};

type TPatch = Partial<typeof orders.$inferInsert>;

/** A step that makes an order Completed: its job joins the payout ledger. */
const completes = (o: Pick<TOrderRow, 'status'>, next: TOrderStatus) => completesOrder(o.status, next);

/** A paid order's cancellation with a late fee: the fee joins the payout ledger. */
const chargesLateFee = (o: Pick<TOrderRow, 'paidAt'>, next: TOrderStatus, patch: TPatch | undefined) =>
  next === ORDER_STATUS.cancelled && (patch?.cancellationFee ?? 0) > 0 && Boolean(o.paidAt);

/** What the card was charged at booking; 0 when the order was not paid by card. */
export const chargedOf = (o: Pick<TOrderRow, 'paidAt' | 'paidAmount' | 'orderPrice'>): number =>
  o.paidAt ? (o.paidAmount ?? o.orderPrice) : 0;

/**
 * What a completed order earned: by card, what the card paid (the booking, plus a move's final
 * balance charged to it, less a balance refunded); in cash, the price, or the final bill of a move
 * day (decision 030). A balance collected in cash on a card order stays with the company.
 */
export function grossOfCompletion(o: TOrderRow, patch: TPatch | undefined): number {
  const final = patch?.finalPrice ?? o.finalPrice;
  if (!(o.paymentMethod === 'electronic' && o.paidAt)) return final ?? o.orderPrice;
  const balance = patch?.balanceAmount ?? o.balanceAmount ?? 0;
  const status = patch?.balanceStatus ?? o.balanceStatus;
  if (status === 'charged') return chargedOf(o) + balance;
  if (status === 'refund_pending' || status === 'refunded') return chargedOf(o) + balance;
  return chargedOf(o);
}

/**
 * The refund of an order that ends unserved (rejected, expired, cancelled): what was charged less
 * any cancellation fee the step keeps (`patch.cancellationFee`, the company's policy), owed at
 * once; a cash order has nothing to refund. Nothing when the step is no such end, or the step
 * already said what is refunded.
 */
export function refundOfEnd(o: TOrderRow, next: TOrderStatus, patch: TPatch | undefined): TPatch {
  const ends = next === ORDER_STATUS.rejected || next === ORDER_STATUS.cancelled;
  if (!ends || o.status === next || o.refundStatus || patch?.refundStatus) return {};
  const charged = chargedOf(o);
  const amount = Math.max(0, charged - (patch?.cancellationFee ?? 0));
  return amount > 0
    ? { refundStatus: 'pending', refundAmount: amount }
    : { refundStatus: 'nothing_to_refund', refundAmount: 0 };
}

/**
 * The orders' side of the money (decision 028): the charge recorded when the card payment lands,
 * the ledger row when an order is completed (price less the platform fee, plus the tip) or
 * cancelled late (the fee kept), the tip charged to the card saved at booking, and refunds.
 */
export function createOrderMoney(
  deps: Pick<TDeps, 'db' | 'config' | 'payments' | 'log'>,
  fronts: TOrderMoneyFronts,
) {
  const { db } = deps;

  /**
   * The payout ledger's jobs of a step (none, or one): a completed order's (its price less the
   * platform fee, plus the tip) or a paid order's late cancellation fee. The orders' writer hands
   * them to the payouts module, with the step's statement or after it.
   */
  function ledgerJobs(
    o: TOrderRow,
    next: TOrderStatus,
    patch: TPatch | undefined,
    now: Date,
    tipByCheckout = false,
  ): TFinishedJob[] {
    const payee = { companyId: o.companyId };
    const jobs: TFinishedJob[] = [];
    if (completes(o, next)) {
      const gross = grossOfCompletion(o, patch);
      jobs.push({
        orderId: o.id,
        payee,
        paymentMethod: o.paidAt ? 'electronic' : 'cash',
        gross,
        platformFee: platformFeeOf(gross, deps.config.platformFeeBps),
        tip: patch?.tip ?? o.tip,
        cancellationFee: 0,
        tipByCheckout,
        now,
      });
    }
    const fee = patch?.cancellationFee ?? 0;
    if (chargesLateFee(o, next, patch))
      jobs.push({
        orderId: o.id,
        payee,
        paymentMethod: 'electronic',
        gross: 0,
        platformFee: 0,
        tip: 0,
        cancellationFee: fee,
        now,
      });
    return jobs;
  }

  /** Asks the provider for an order's refund owed; records it once. */
  async function sendRefund(o: TOrderRow): Promise<boolean> {
    if (o.refundStatus !== 'pending' || !o.paymentSessionId || !o.refundAmount) return false;
    const key = `refund-order-${o.id}`;
    const refundId = await fronts.checkout.refund({
      sessionId: o.paymentSessionId,
      amountCents: o.refundAmount,
      idempotencyKey: key,
      ref: { orderId: o.id },
    });
    if (!refundId) return false;
    await db.transaction(async (tx) => {
      if (!(await markOrderRefunded(tx, o.id, refundId))) return;
      await fronts.payouts.recordMovement(tx, {
        orderId: o.id,
        kind: 'refund',
        amount: o.refundAmount ?? 0,
        providerRef: refundId,
        idempotencyKey: key,
        createdAt: new Date(),
      });
    });
    return true;
  }

  return {
    refundOfEnd,
    ledgerJobs,

    /** The booking's charge, in the payment webhook's transaction. */
    async recordCharge(tx: TTx, o: TOrderRow, amount: number, ref: string | null, now: Date) {
      await fronts.payouts.recordMovement(tx, {
        orderId: o.id,
        kind: 'charge',
        amount,
        providerRef: ref,
        idempotencyKey: `charge-order-${o.id}`,
        createdAt: now,
      });
    },

    /** A tip charged to the saved card, in the confirmation's transaction. */
    async recordTip(tx: TTx, o: TOrderRow, amount: number, ref: string, now: Date) {
      await fronts.payouts.recordMovement(tx, {
        orderId: o.id,
        kind: 'tip_charge',
        amount,
        providerRef: ref,
        idempotencyKey: `tip-order-${o.id}`,
        createdAt: now,
      });
    },

    /**
     * A move's final balance charged to the card saved at booking (decision 030), one key per
     * order: its payment's id. Null when the booking saved no card (collect it in cash).
     */
    async chargeBalance(o: TOrderRow, cents: number): Promise<string | null> {
      if (!o.stripeCustomerId || !o.paymentIntentId || !deps.payments) return null;
      return fronts.payouts.chargeSavedCardBalance(o.id, {
        customerId: o.stripeCustomerId,
        bookingPaymentIntentId: o.paymentIntentId,
        amountCents: cents,
      });
    },

    /** The balance's charge, in the confirmation's transaction. */
    async recordBalanceCharge(tx: TTx, o: TOrderRow, amount: number, ref: string, now: Date) {
      await fronts.payouts.recordMovement(tx, {
        orderId: o.id,
        kind: 'charge',
        amount,
        providerRef: ref,
        idempotencyKey: `balance-order-${o.id}`,
        createdAt: now,
      });
    },

    /**
     * After a step committed: its refund owed and its transfer go out now (the runner retries
     * failures). True when either went out (the order or its ledger changed again).
     */
    async afterCommit(orderId: number, written?: TOrderRow): Promise<boolean> {
      // The row as the step wrote it, when the caller has it: its refund's columns are the step's.
      const o = written ?? (await findOrder(db, orderId));
      if (!o) return false;
      const refunded = await sendRefund(o);
      const sent = await fronts.payouts.settle({ orderIds: [orderId] });
      return refunded || sent > 0;
    },

    /**
     * Charges a tip to the card saved at booking, off session, under one key per order (twenty
     * concurrent confirmations charge once): its payment's id. A card booking that saved no card
     * pays the tip through its own Checkout after the step (`'checkout'`). A declined card is a
     * 422 on `tip`; Stripe down a 503. Null: nothing to charge (no tip, or a cash order).
     */
    async chargeTip(o: TOrderRow, tipCents: number): Promise<string | 'checkout' | null> {
      if (tipCents <= 0 || o.paymentMethod !== 'electronic' || !o.paidAt) return null;
      if (!deps.payments) throw invalid({ tip: [TIP_MSG.noSavedCard] });
      if (!o.stripeCustomerId || !o.paymentIntentId) return 'checkout';
      return fronts.payouts.chargeSavedCardTip(
        { orderId: o.id },
        { customerId: o.stripeCustomerId, bookingPaymentIntentId: o.paymentIntentId, amountCents: tipCents },
      );
    },

    /** The tip's own Checkout, once the confirmation committed (its ledger row waits for it). */
    openTipCheckout: (o: TOrderRow, tipCents: number, email: string) =>
      fronts.payouts.openTipCheckout(
        { orderId: o.id },
        { amountCents: tipCents, customerEmail: email, returnPath: `/user-dashboard?order_id=${o.id}` },
      ),

    /** The job runner: refunds the provider could not take before. */
    async retryRefunds(batch: number): Promise<number> {
      let done = 0;
      for (const o of await pendingOrderRefunds(db, batch)) if (await sendRefund(o)) done++;
      return done;
    },
  };
}

export type TOrderMoney = ReturnType<typeof createOrderMoney>;
