import { JOB_MSG } from '@haulpro/shared/move-day';
import { TIP_MSG } from '@haulpro/shared/payouts';
import type { TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import { invalid, unavailable } from '../../domain/errors.ts';
import { splitTip } from '../../domain/payout-ledger.ts';
import type { TPaymentEvent, TProviderError } from '../../payments/payment-provider.ts';
import type { TCheckoutService } from '../checkout/checkout.service.ts';
import {
  deleteTipShares,
  findPayoutOfJob,
  insertTipShares,
  orderCrewIds,
  recordMovement,
  updatePayout,
} from './payouts.repository.ts';

type TJob = { orderId: number } | { deliveryId: number };

/**
 * A tip paid through its own small Checkout (issue 27): a card job whose booking saved no card.
 * The job's ledger row waits (no next attempt) while the tip's page is open; Stripe's event adds
 * the tip to the row (and to the crew's shares) and releases the transfer, or releases it without
 * the tip when the page expired. One transfer per job still carries everything.
 */
export function createPayoutTips(
  deps: Pick<TDeps, 'db' | 'clock' | 'payments' | 'log' | 'config'>,
  checkout: Pick<TCheckoutService, 'onPayment'>,
  settleSoon: () => void,
) {
  const { db, clock } = deps;
  const jobOf = (ev: TPaymentEvent): TJob | null =>
    ev.orderId ? { orderId: ev.orderId } : ev.deliveryId ? { deliveryId: ev.deliveryId } : null;

  checkout.onPayment('tip', async (tx: TTx, ev: TPaymentEvent, now: Date) => {
    const job = jobOf(ev);
    if (!job || ev.paid === null) return { applied: false };
    const p = await findPayoutOfJob(tx, job);
    if (!p?.tipSessionId || p.tipSessionId !== ev.sessionId) return { applied: false };
    const tip = ev.paid ? (ev.amountCents ?? 0) : 0;
    if (tip > 0) {
      const kind = 'orderId' in job ? `order-${job.orderId}` : `delivery-${job.deliveryId}`;
      await recordMovement(tx, {
        ...job,
        kind: 'tip_charge',
        amount: tip,
        providerRef: ev.paymentIntentId ?? ev.sessionId,
        idempotencyKey: `tip-${kind}`,
        createdAt: now,
      });
      if ('orderId' in job) {
        await deleteTipShares(tx, p.id);
        const shares = splitTip(p.tip + tip, await orderCrewIds(tx, job.orderId));
        await insertTipShares(
          tx,
          shares.map((s) => ({ payoutId: p.id, crewId: s.crewId, amount: s.amount })),
        );
      }
    }
    await updatePayout(tx, p.id, {
      tip: p.tip + tip,
      net: p.net + tip,
      tipSessionId: null,
      nextAttemptAt: now,
      updatedAt: now,
    });
    return { applied: true, committed: settleSoon };
  });

  /** One off-session charge to the card saved at booking: a tip, or a move's balance. */
  async function chargeSaved(
    job: TJob,
    r: { customerId: string; bookingPaymentIntentId: string; amountCents: number },
    purpose: 'tip' | 'balance',
  ): Promise<string> {
    const payments = deps.payments;
    const msg =
      purpose === 'tip' ? TIP_MSG : { noSavedCard: JOB_MSG.noSavedCard, declined: JOB_MSG.balanceDeclined };
    if (!payments) throw invalid({ [purpose]: [msg.noSavedCard] });
    const order = 'orderId' in job;
    const ref = order ? `order-${job.orderId}` : `delivery-${job.deliveryId}`;
    const what = purpose === 'tip' ? 'Tip' : 'Final balance';
    try {
      const charged = await payments.chargeSavedCard({
        ...r,
        description: order
          ? `${what} for Haulpro move #${job.orderId}`
          : `${what} for Haulpro delivery #${'deliveryId' in job ? job.deliveryId : ''}`,
        metadata: order
          ? { order_id: String(job.orderId), kind: purpose }
          : { delivery_id: String(job.deliveryId), kind: purpose },
        idempotencyKey: `${purpose}-${ref}`,
      });
      return charged.paymentIntentId;
    } catch (err) {
      if ((err as TProviderError).declined) throw invalid({ [purpose]: [msg.declined] });
      deps.log.error({ err, ...job, purpose }, 'saved card charge failed');
      throw unavailable(
        purpose === 'tip'
          ? TIP_MSG.unreachable
          : 'Stripe could not be reached for the balance. Please try again in a minute.',
      );
    }
  }

  return {
    /**
     * Charges a tip to the card saved at booking, off session, under one key per job
     * (`tip-order-12`: concurrent confirmations charge once): its payment's id. A declined card is
     * a 422 on `tip`; Stripe unreachable a 503.
     */
    async chargeSavedCardTip(
      job: TJob,
      r: { customerId: string; bookingPaymentIntentId: string; amountCents: number },
    ): Promise<string> {
      return chargeSaved(job, r, 'tip');
    },

    /**
     * Charges a move's final balance (the bill less what the booking paid, decision 030) to the
     * card saved at booking, off session, under one key per order (`balance-order-12`). A declined
     * card is a 422 on `balance`; Stripe unreachable a 503.
     */
    async chargeSavedCardBalance(
      orderId: number,
      r: { customerId: string; bookingPaymentIntentId: string; amountCents: number },
    ): Promise<string> {
      return chargeSaved({ orderId }, r, 'balance');
    },

    /**
     * Opens the tip's Checkout for a job whose row waits for it; when the page cannot be opened the
     * row is released without the tip (answers null).
     */
    async openTipCheckout(
      job: TJob,
      r: { amountCents: number; customerEmail: string; returnPath: string },
    ): Promise<string | null> {
      const p = await findPayoutOfJob(db, job);
      if (!p) return null;
      const release = () => updatePayout(db, p.id, { nextAttemptAt: clock.now(), updatedAt: clock.now() });
      if (!deps.payments) {
        await release();
        return null;
      }
      const order = 'orderId' in job;
      const back = `${deps.config.publicUrl}${r.returnPath}`;
      try {
        const s = await deps.payments.createCheckout({
          kind: order ? 'order' : 'delivery',
          purpose: 'tip',
          orderId: order ? job.orderId : job.deliveryId,
          amountCents: r.amountCents,
          description: order
            ? `Tip for your crew (Haulpro move #${job.orderId})`
            : `Tip for your helper (Haulpro delivery #${job.deliveryId})`,
          customerEmail: r.customerEmail,
          successUrl: `${back}&tip=paid`,
          cancelUrl: `${back}&tip=cancelled`,
        });
        await updatePayout(db, p.id, { tipSessionId: s.sessionId, updatedAt: clock.now() });
        return s.url;
      } catch (err) {
        deps.log.error({ err, ...job }, 'tip checkout could not be opened; the transfer goes without it');
        await release();
        settleSoon();
        return null;
      }
    },
  };
}
