import type { TOrderStatus } from '@haulpro/shared/order';
import type { TDeps } from '../../context.ts';
import { ORDER_CAPACITY, type TDb, type TTx, tablesWrittenSoFar } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import { together } from '../../db/together.ts';
import { type TAlsoIfWon, writtenRow } from '../../db/written-row.ts';
import { keepsCapacity } from '../../domain/capacity.ts';
import { couponComesBack } from '../../domain/coupon.ts';
import {
  completesOrder,
  type TOrderAction,
  type TOrderState,
  type TParty,
  type TRefusal,
  transition,
} from '../../domain/order-machine.ts';
import { createOrderMoney } from './order-money.ts';
import { noticesOfStep, type TOrderFronts } from './order-notices.ts';
import { orderState, type TOrderRow } from './order-view.ts';
import { type TOnceFlag, updateOrderIf } from './orders.repository.ts';

export const STALE_ORDER = 'This order was just changed by someone else. Please refresh and try again.';

/** One step of an order: who takes which action, when, and what else is written with it. */
export type TOrderStep = {
  party: TParty;
  action: TOrderAction;
  /** The signed-in user who acted; null for the system (the deadline job, the payment provider). */
  actorUserId: number | null;
  now: Date;
  reason?: string | undefined;
  /** More columns written with the new state (a reschedule's date and price, the payment's time...). */
  patch?: Partial<typeof orders.$inferInsert>;
  /** More writes in the same transaction once the order row is won (the review, the reschedule request). */
  after?: (tx: TTx, o: TOrderRow) => Promise<void>;
  /** The customer's tip is paid through its own Checkout: the transfer waits for it. */
  tipByCheckout?: boolean;
};

/** The machine's refusal, or `stale`: another change won the race for this order. */
export type TStepOutcome =
  /** `row`: the order as the step wrote it (the row read, with every column the update set). */
  { ok: true; next: TOrderState; row: TOrderRow } | TRefusal | { ok: false; code: 'stale'; message: string };

/** For archive and review: the side's flag must still be false, so each happens once per side. */
function flagGuard(party: TParty, action: TOrderAction): TOnceFlag | undefined {
  if (party === 'system') return undefined;
  if (action === 'archive') return party === 'customer' ? 'archivedByCustomer' : 'archivedByCompany';
  if (action === 'review') return party === 'customer' ? 'reviewedByCustomer' : 'reviewedByCompany';
  return undefined;
}

/**
 * The one writer of an order's state (decision 007). The orders service (every customer and
 * company action), the response-deadline job (`expire`) and the payment webhook (`paid`) all
 * step an order here, inside their own transaction:
 * 1. the pure machine decides from the row as read (a refusal writes nothing);
 * 2. one conditional update writes the next state, only while the status is still the one read
 *    (and the side's flag for archive and review): of two concurrent steps exactly one wins, the
 *    other gets `stale`;
 * 3. a history row records who did what, from which status to which; the same statement carries
 *    the step's notices (order-notices.ts), the payout ledger's row and a referrer's credit
 *    (restOf's `also`), each written only if the update won;
 * 4. the refund an unserved end owes is written with the update (order-money.ts); then what needs
 *    statements of its own (restOf's `writes`), sent together: the caller's own writes
 *    (`after`), a tip's split, the coupon back, a paid order's mail to the staff.
 * After the transaction commits the caller calls `committed()`: this process's read cache
 * forgets what it held, and mail queued by the notices goes out.
 * A step whose one statement is all it writes can skip the transaction (`stepAlone`, issue 30;
 * decision 040).
 */
export function createOrderWriter(
  deps: Pick<TDeps, 'cache' | 'mailer' | 'config' | 'db' | 'payments' | 'log'>,
  fronts: TOrderFronts,
) {
  const notices = { ...deps, ...fronts };
  const money = createOrderMoney(deps, fronts);

  /** What a step would write: the machine's answer and the order's columns. */
  function plan(o: TOrderRow, s: TOrderStep) {
    const r = transition(orderState(o), s.party, s.action, s.now, s.reason);
    if (!r.ok) return r;
    const n = r.next;
    const reason = s.reason?.trim() || null;
    const set: Partial<typeof orders.$inferInsert> = {
      status: n.status,
      statusBeforeReschedule: n.statusBeforeReschedule,
      rescheduleRequestedBy: n.rescheduleRequestedBy,
      archivedByCustomer: n.archivedByCustomer,
      archivedByCompany: n.archivedByCompany,
      reviewedByCustomer: n.reviewedByCustomer,
      reviewedByCompany: n.reviewedByCompany,
      ...(s.action === 'cancel' && s.party !== 'system'
        ? { cancelledBy: s.party, cancelReason: reason }
        : {}),
      ...s.patch,
      // An order that ends unserved owes its card payment back, less any late-cancellation fee.
      ...money.refundOfEnd(o, n.status, s.patch),
      updatedAt: s.now,
    };
    return { ...r, set, reason };
  }

  /**
   * The step's one statement: the conditional update, its history row, and the writes of the
   * step that ride it (`also`: notices, the ledger's row, a referrer's credit), all only if the
   * update won.
   */
  function writeStep(
    tx: TTx,
    o: TOrderRow,
    s: TOrderStep,
    p: Extract<ReturnType<typeof plan>, { ok: true }>,
    also: readonly TAlsoIfWon[],
  ) {
    return updateOrderIf(
      tx,
      o.id,
      o.status,
      flagGuard(s.party, s.action),
      p.set,
      {
        actorUserId: s.actorUserId,
        actorParty: s.party,
        action: s.action,
        toStatus: p.next.status,
        reason: p.reason,
        createdAt: s.now,
      },
      keepsCapacity(o, p.set),
      also,
    );
  }

  /**
   * What a step writes besides its state and history (decision 040). `also`: what its one
   * statement carries, written only if the update won: the notices of the step, the payout
   * ledger's row of a completed order or of a paid order's late cancellation fee (decision 028),
   * a referred customer's first completion's credit (decision 022). `writes`: what needs
   * statements of its own, in the step's transaction once the update won: the caller's own writes
   * (`after`), a tip's split between the crew, the coupon of an order that ends unserved
   * (decision 026), a paid order's mail to the staff. No `writes`: the step needs no
   * transaction (stepAlone).
   */
  function restOf(o: TOrderRow, s: TOrderStep, next: TOrderStatus) {
    const writes: ((tx: TTx) => Promise<unknown>)[] = [];
    const after = s.after;
    if (after) writes.push((tx) => after(tx, o));
    const n = noticesOfStep(notices, o, s.party, s.action);
    const also = [...n.also];
    if (n.write) writes.push(n.write);
    for (const job of money.ledgerJobs(o, next, s.patch, s.now, s.tipByCheckout)) {
      const carried = fronts.payouts.recordJobIf(job);
      if (carried) also.push(carried);
      else writes.push((tx) => fronts.payouts.recordJob(tx, job));
    }
    if (completesOrder(o.status, next))
      also.push(
        fronts.referrals.creditReferrerIf({
          customerId: o.customerId,
          orderId: o.id,
          amountCents: deps.config.referralCreditCents,
          now: s.now,
        }),
      );
    if (couponComesBack(o.status as TOrderStatus, next))
      writes.push((tx) => fronts.referrals.returnCouponOfUnservedOrder(tx, o.id));
    return { also, writes };
  }

  return {
    /** The orders' money: charges, tips, refunds and the ledger (order-money.ts). */
    money,
    async step(tx: TTx, o: TOrderRow, s: TOrderStep): Promise<TStepOutcome> {
      const p = plan(o, s);
      if (!p.ok) return p;
      const rest = restOf(o, s, p.next.status);
      if (!(await writeStep(tx, o, s, p, rest.also)))
        return { ok: false, code: 'stale', message: STALE_ORDER };
      // The rest are independent writes of one transaction, sent together (decision 040); a
      // failure of any rolls the step back once all have ended.
      await together(rest.writes.map((write) => write(tx)));
      return { ok: true, next: p.next, row: writtenRow(o, p.set) };
    },

    /**
     * The same step without a transaction of its own, when the step's one statement is all it
     * writes (restOf is empty: a company's accept or decline): the conditional update is the
     * guard, so a read without a lock is enough. Null when the step needs more (a refusal, other
     * writes, or a lost race): the caller then runs `step` in a transaction from a locked read,
     * which answers exactly as before.
     */
    async stepAlone(db: TDb, o: TOrderRow, s: TOrderStep): Promise<TOrderRow | null> {
      const p = plan(o, s);
      if (!p.ok) return null;
      const rest = restOf(o, s, p.next.status);
      if (rest.writes.length > 0) return null;
      // One statement is its own transaction: db stands in for one here.
      if (!(await writeStep(db as unknown as TTx, o, s, p, rest.also))) return null;
      return writtenRow(o, p.set);
    },

    /** After the transaction that stepped an order committed. */
    committed(): void {
      // Jobs and webhooks write outside a request's write scope: forget what the step changed.
      // In a request the scope knows whether a statement changed a branch's capacity (decision 036);
      // outside one, assume it did.
      const written = tablesWrittenSoFar();
      const capacity = !written || written.has(ORDER_CAPACITY) ? [ORDER_CAPACITY] : [];
      deps.cache.invalidateTables(['orders', 'order_history', 'notifications', ...capacity]);
      setImmediate(() => deps.mailer.kick());
    },
  };
}

export type TOrderWriter = ReturnType<typeof createOrderWriter>;
