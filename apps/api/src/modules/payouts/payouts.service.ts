import type { TPayoutAccount, TPayoutRow, TPayoutSums, TPayoutsView } from '@haulpro/shared/payouts';
import { PAYOUT_MSG, PAYOUT_STATUS_LABELS } from '@haulpro/shared/payouts';
import type { TAuth, TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import { forbidden, unavailable } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import { ledgerPeriods, ledgerSums, type TLedgerSums } from '../../domain/payout-ledger.ts';
import type { TPaymentEvent } from '../../payments/payment-provider.ts';
import type { TCheckoutService } from '../checkout/checkout.service.ts';
import { createPayoutTips } from './payout-tips.ts';
import { createPayoutTransfers } from './payout-transfers.ts';
import {
  applyAccountPayout,
  applyAccountState,
  findAccountOf,
  findPayoutByTransfer,
  findPayoutOfJob,
  insertAccount,
  jobOfPaymentIntent,
  listPayoutsOf,
  recordMovement,
  type TPayee,
  updatePayout,
  wakeWaiting,
} from './payouts.repository.ts';
import { createReconciliation } from './reconciliation.ts';

export type { TFinishedJob } from './payout-transfers.ts';

/** The 503 of card payouts without Stripe configured. */
export const PAYMENTS_OFF = PAYOUT_MSG.paymentsOff;

/** The payee a signed-in provider stands for: staff their company, labor themselves. */
function payeeOfCaller(auth: TAuth): TPayee {
  if (auth.user.role === 'staff' && auth.user.companyId) return { companyId: auth.user.companyId };
  if (auth.user.role === 'labor') return { userId: auth.user.id };
  throw forbidden();
}

const sumsView = (s: TLedgerSums): TPayoutSums => ({
  gross: toDollars(s.gross),
  platform_fee: toDollars(s.platformFee),
  tips: toDollars(s.tips),
  cancellation_fees: toDollars(s.cancellationFees),
  net: toDollars(s.net),
  paid_out: toDollars(s.paidOut),
  pending: toDollars(s.pending),
  platform_fee_owed: toDollars(s.platformFeeOwed),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Money that reaches the providers (issue 27, decision 028): their Stripe Connect account, the
 * payout ledger of orders and deliveries, the transfers, the Connect webhooks and the admin's
 * reconciliation. The orders and deliveries modules hand it their finished jobs (`recordJob`,
 * in their transaction) and the money they moved (`recordMovement`); it imports neither.
 */
export function createPayoutsService(deps: TDeps, checkout: Pick<TCheckoutService, 'onPayment'>) {
  const { db, clock, config } = deps;
  const transfers = createPayoutTransfers(deps);
  const settleSoon = () => void transfers.settle().catch(() => undefined);
  const tips = createPayoutTips(deps, checkout, settleSoon);

  /** A Connect event, inside the webhook's transaction (recorded once by the checkout module). */
  checkout.onPayment('connect', async (tx: TTx, ev: TPaymentEvent, now: Date) => {
    const c = ev.connect;
    if (!c) return { applied: false };
    if (c.kind === 'account') {
      const acct = await applyAccountState(
        tx,
        c.accountId,
        {
          chargesEnabled: c.chargesEnabled,
          payoutsEnabled: c.payoutsEnabled,
          detailsSubmitted: c.detailsSubmitted,
          requirements: c.requirements,
        },
        ev.createdAt,
        now,
      );
      if (!acct) return { applied: false };
      const payee: TPayee = acct.companyId ? { companyId: acct.companyId } : { userId: acct.userId ?? 0 };
      const woken = acct.chargesEnabled && acct.payoutsEnabled ? await wakeWaiting(tx, payee, now) : 0;
      return {
        applied: true,
        committed: woken ? settleSoon : undefined,
      };
    }
    if (c.kind === 'transfer') {
      const p = await findPayoutByTransfer(tx, c.transferId);
      if (!p || c.amountReversed <= p.reversed) return { applied: false };
      // Reversed outside Haulpro (Stripe's dashboard): the books follow.
      await recordMovement(tx, {
        orderId: p.orderId,
        deliveryId: p.deliveryId,
        kind: 'reversal',
        amount: c.amountReversed - p.reversed,
        providerRef: c.transferId,
        idempotencyKey: `reversal-${c.transferId}-${c.amountReversed}`,
        createdAt: now,
      });
      await updatePayout(tx, p.id, {
        reversed: c.amountReversed,
        reversalOwed: Math.max(0, p.reversalOwed - (c.amountReversed - p.reversed)),
        status: c.amountReversed >= p.net ? 'reversed' : p.status,
        updatedAt: now,
      });
      return { applied: true };
    }
    if (c.kind === 'payout') return { applied: (await applyAccountPayout(tx, c.accountId, c, now)) > 0 };
    // A dispute takes the money back from the platform: it counts as a refund, and what the
    // provider got for the job is taken back from its transfer (by the runner, after commit).
    const job = await jobOfPaymentIntent(tx, c.paymentIntentId);
    if (!job) return { applied: false };
    await recordMovement(tx, {
      orderId: job.orderId,
      deliveryId: job.deliveryId,
      kind: 'refund',
      amount: c.amountCents,
      providerRef: c.disputeId,
      idempotencyKey: `dispute-${c.disputeId}`,
      createdAt: now,
    });
    const p = await findPayoutOfJob(
      tx,
      job.orderId ? { orderId: job.orderId } : { deliveryId: job.deliveryId ?? 0 },
    );
    if (p?.transferId) {
      const owed = Math.min(c.amountCents, p.net - p.reversed - p.reversalOwed);
      if (owed > 0)
        await updatePayout(tx, p.id, {
          reversalOwed: p.reversalOwed + owed,
          nextAttemptAt: now,
          updatedAt: now,
        });
    }
    return { applied: true, committed: settleSoon };
  });

  async function accountOf(payee: TPayee): Promise<TPayoutAccount> {
    const a = await findAccountOf(db, payee);
    const status = !a
      ? 'not_connected'
      : a.chargesEnabled && a.payoutsEnabled
        ? 'active'
        : 'needs_information';
    return {
      status,
      requirements: status === 'needs_information' ? (a?.requirements ?? []) : [],
      card_payouts: deps.payments !== null,
    };
  }

  return {
    recordJob: transfers.recordJob,
    recordJobIf: transfers.recordJobIf,
    recordMovement,
    /** After a job's transaction committed: its transfer now (awaited, so the answer shows it). */
    settle: transfers.settle,
    openTipCheckout: tips.openTipCheckout,
    chargeSavedCardTip: tips.chargeSavedCardTip,
    chargeSavedCardBalance: tips.chargeSavedCardBalance,

    account: (auth: TAuth) => accountOf(payeeOfCaller(auth)),

    /**
     * Stripe's onboarding page for the caller's account: the account is made once (one
     * idempotency key per payee) and recorded before the link is asked for.
     */
    async accountLink(auth: TAuth): Promise<{ url: string }> {
      const payee = payeeOfCaller(auth);
      const payments = deps.payments;
      if (!payments) throw unavailable(PAYMENTS_OFF);
      const now = clock.now();
      const owner = 'companyId' in payee ? `company-${payee.companyId}` : `user-${payee.userId}`;
      try {
        let acct = await findAccountOf(db, payee);
        if (!acct) {
          const { accountId } = await payments.createAccount({
            email: auth.user.email,
            idempotencyKey: `account-${owner}`,
            metadata:
              'companyId' in payee
                ? { company_id: String(payee.companyId) }
                : { user_id: String(payee.userId) },
          });
          acct = await insertAccount(db, payee, accountId, now);
        }
        const back = auth.user.role === 'staff' ? '/profile?tab=get-paid' : '/labor-settings?tab=payouts';
        return await payments.accountLink({
          accountId: acct!.stripeAccountId,
          refreshUrl: `${config.publicUrl}${back}&connect=refresh`,
          returnUrl: `${config.publicUrl}${back}&connect=return`,
        });
      } catch (err) {
        deps.log.error({ err, owner }, 'payout account link failed');
        throw unavailable(PAYOUT_MSG.stripeUnreachable);
      }
    },

    /** The caller's ledger: every job with its money and where it is, the totals and the sums by period. */
    async list(auth: TAuth, period: 'week' | 'month'): Promise<TPayoutsView> {
      const { rows, shares } = await listPayoutsOf(db, payeeOfCaller(auth));
      const ledger = rows.map((r) => r.p);
      const data: TPayoutRow[] = rows.map(({ p, ...j }) => ({
        id: p.id,
        kind: p.orderId ? 'order' : 'delivery',
        order_id: p.orderId,
        delivery_id: p.deliveryId,
        title: p.orderId
          ? `Move #${p.orderId} · ${j.helpers ?? 0} helpers, ${j.hours ?? 0} hours`
          : `${j.itemsName ?? 'Delivery'} (delivery #${p.deliveryId})`,
        job_date: j.orderDate ?? j.deliveryDate ?? p.createdAt.toISOString().slice(0, 10),
        payment_method: p.paymentMethod,
        gross: toDollars(p.gross),
        platform_fee: toDollars(p.platformFee),
        tip: toDollars(p.tip),
        cancellation_fee: toDollars(p.cancellationFee),
        net: toDollars(p.net),
        reversed: toDollars(p.reversed),
        status: p.status,
        status_label: PAYOUT_STATUS_LABELS[p.status],
        created_at: p.createdAt.toISOString(),
        transferred_at: iso(p.transferredAt),
        expected_at: iso(p.expectedAt),
        paid_out_at: iso(p.paidOutAt),
        tip_shares: shares
          .filter((s) => s.payoutId === p.id)
          .map((s) => ({
            crew_id: s.crewId,
            name: `${s.firstName} ${s.lastName}`,
            amount: toDollars(s.amount),
          })),
      }));
      const totals = ledgerSums(ledger);
      return {
        data,
        totals: { ...sumsView(totals), count: totals.count },
        period,
        periods: ledgerPeriods(ledger, period).map((s) => ({
          period: s.period,
          count: s.count,
          ...sumsView(s),
        })),
      };
    },

    ...createReconciliation(deps),
  };
}

export type TPayoutsService = ReturnType<typeof createPayoutsService>;
