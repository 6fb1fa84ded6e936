import type { TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import type { TAlsoIfWon } from '../../db/written-row.ts';
import { netOf, retryDelayMs, splitTip } from '../../domain/payout-ledger.ts';
import {
  findAccountOf,
  insertPayout,
  insertPayoutIf,
  insertTipShares,
  leaseDue,
  orderCrewIds,
  recordMovement,
  type TPayee,
  type TPayoutJobRow,
  type TPayoutRowDb,
  updatePayout,
} from './payouts.repository.ts';

/** A finished job as its module hands it to the ledger (cents). */
export type TFinishedJob = ({ orderId: number } | { deliveryId: number }) & {
  payee: TPayee;
  paymentMethod: 'cash' | 'electronic';
  gross: number;
  platformFee: number;
  tip: number;
  cancellationFee: number;
  /** A tip is being paid through its own Checkout: the transfer waits for it (payout-tips.ts). */
  tipByCheckout?: boolean;
  now: Date;
};

/** The ledger's row of a finished job: card jobs wait for their transfer, cash jobs are settled. */
function jobRow(job: TFinishedJob): TPayoutJobRow {
  const card = job.paymentMethod === 'electronic';
  const amounts = {
    gross: job.gross,
    platformFee: job.platformFee,
    tip: job.tip,
    cancellationFee: job.cancellationFee,
  };
  return {
    ...('orderId' in job ? { orderId: job.orderId } : { deliveryId: job.deliveryId }),
    payeeCompanyId: 'companyId' in job.payee ? job.payee.companyId : null,
    payeeUserId: 'userId' in job.payee ? job.payee.userId : null,
    paymentMethod: job.paymentMethod,
    ...amounts,
    net: netOf(amounts),
    status: card ? 'pending' : 'cash',
    nextAttemptAt: card && !job.tipByCheckout ? job.now : null,
    createdAt: job.now,
    updatedAt: job.now,
  };
}

/** How long a runner holds a row it is sending (longer than Stripe's timeout and one retry). */
const LEASE_MS = 60_000;

const jobKey = (p: Pick<TPayoutRowDb, 'orderId' | 'deliveryId'>) =>
  p.orderId ? `order-${p.orderId}` : `delivery-${p.deliveryId}`;
const jobRef = (p: Pick<TPayoutRowDb, 'orderId' | 'deliveryId'>) =>
  p.orderId ? { orderId: p.orderId } : { deliveryId: p.deliveryId };

const isActive = (a: { chargesEnabled: boolean; payoutsEnabled: boolean } | undefined) =>
  !!a && a.chargesEnabled && a.payoutsEnabled;

const payeeOf = (p: TPayoutRowDb): TPayee | null =>
  p.payeeCompanyId ? { companyId: p.payeeCompanyId } : p.payeeUserId ? { userId: p.payeeUserId } : null;

/**
 * The ledger's writes and the transfers to providers (decision 028). A finished job becomes one
 * payout row in its own transaction; after the commit `settle` sends the card jobs' money to
 * the provider's connected account with one idempotency key per job (`transfer-order-12`), so a
 * retry, a second runner or twenty concurrent confirmations make one transfer. A payee without
 * an active account waits (`waiting_for_account`) until Stripe says the account is active; a
 * Stripe that is down is retried by the job runner with backoff.
 */
export function createPayoutTransfers(deps: Pick<TDeps, 'db' | 'clock' | 'payments' | 'log'>) {
  const { db, clock } = deps;

  async function recordJob(tx: TTx, job: TFinishedJob): Promise<number | null> {
    const id = await insertPayout(tx, jobRow(job));
    // A moving order's tip is split between the crew members assigned to it (decision 019).
    if (id !== null && 'orderId' in job && job.tip > 0) {
      const crewIds = await orderCrewIds(tx, job.orderId);
      await insertTipShares(
        tx,
        splitTip(job.tip, crewIds).map((s) => ({ payoutId: id, crewId: s.crewId, amount: s.amount })),
      );
    }
    return id;
  }

  /**
   * `recordJob` carried by the job's own step statement (an order's), written only if the step
   * won; null when it needs statements of its own (an order's tip is split between its crew).
   */
  function recordJobIf(job: TFinishedJob): TAlsoIfWon | null {
    if ('orderId' in job && job.tip > 0) return null;
    const row = jobRow(job);
    return (won) => insertPayoutIf(won, row);
  }

  /** One leased row: its reversal owed, then its transfer (or the wait for an account). */
  async function settleRow(p: TPayoutRowDb): Promise<boolean> {
    const now = clock.now();
    const payments = deps.payments;
    if (!payments) return false;
    if (p.reversalOwed > 0 && p.transferId) {
      const total = p.reversed + p.reversalOwed;
      try {
        const r = await payments.reverseTransfer({
          transferId: p.transferId,
          amountCents: p.reversalOwed,
          idempotencyKey: `reversal-${p.transferId}-${total}`,
        });
        await db.transaction(async (tx) => {
          await recordMovement(tx, {
            ...jobRef(p),
            kind: 'reversal',
            amount: p.reversalOwed,
            providerRef: r.reversalId,
            idempotencyKey: `reversal-${p.transferId}-${total}`,
            createdAt: now,
          });
          await updatePayout(tx, p.id, {
            reversed: total,
            reversalOwed: 0,
            status: total >= p.net ? 'reversed' : p.status,
            nextAttemptAt: null,
            updatedAt: now,
          });
        });
      } catch (err) {
        deps.log.error({ err, payoutId: p.id }, 'transfer reversal failed; retried later');
        await updatePayout(db, p.id, {
          lastError: 'Stripe could not take the transfer back yet',
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(p.attempts)),
        });
      }
      return true;
    }
    if (p.status !== 'pending' && p.status !== 'waiting_for_account') return false;
    const payee = payeeOf(p);
    const account = payee ? await findAccountOf(db, payee) : undefined;
    if (!account || !isActive(account)) {
      // Woken by the account's `account.updated` (wakeWaiting), not by the clock.
      await updatePayout(db, p.id, { status: 'waiting_for_account', nextAttemptAt: null, updatedAt: now });
      return false;
    }
    const key = `transfer-${jobKey(p)}`;
    if (p.net <= 0) {
      await updatePayout(db, p.id, {
        status: 'paid_out',
        paidOutAt: now,
        nextAttemptAt: null,
        updatedAt: now,
      });
      return false;
    }
    try {
      const t = await payments.transfer({
        accountId: account.stripeAccountId,
        amountCents: p.net,
        transferGroup: jobKey(p),
        description: p.orderId ? `Haulpro move #${p.orderId}` : `Haulpro delivery #${p.deliveryId}`,
        metadata: p.orderId ? { order_id: String(p.orderId) } : { delivery_id: String(p.deliveryId) },
        idempotencyKey: key,
      });
      await db.transaction(async (tx) => {
        await recordMovement(tx, {
          ...jobRef(p),
          kind: 'transfer',
          amount: p.net,
          providerRef: t.transferId,
          idempotencyKey: key,
          createdAt: now,
        });
        await updatePayout(tx, p.id, {
          status: 'transferred',
          transferId: t.transferId,
          stripeAccountId: account.stripeAccountId,
          transferredAt: now,
          nextAttemptAt: null,
          lastError: null,
          updatedAt: now,
        });
      });
      return true;
    } catch (err) {
      deps.log.error({ err, payoutId: p.id }, 'transfer failed; the job runner retries it');
      await updatePayout(db, p.id, {
        status: 'pending',
        lastError: 'Stripe could not be reached; we retry automatically',
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(p.attempts)),
        updatedAt: now,
      });
      return false;
    }
  }

  /**
   * Sends what is due: the given rows (right after their job ended), or the oldest due rows (the
   * job runner). Answers how many transfers or reversals went out.
   */
  async function settle(
    opts: { ids?: number[]; orderIds?: number[]; deliveryIds?: number[]; limit?: number } = {},
  ): Promise<number> {
    if (!deps.payments) return 0;
    const rows = await leaseDue(db, clock.now(), LEASE_MS, { ...opts, limit: opts.limit ?? 50 });
    let sent = 0;
    for (const p of rows) if (await settleRow(p)) sent++;
    return sent;
  }

  return { recordJob, recordJobIf, settle, recordMovement };
}

export type TPayoutTransfers = ReturnType<typeof createPayoutTransfers>;
