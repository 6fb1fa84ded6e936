import type { TAuth, TClock } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import type { TViewer } from '../../domain/order-machine.ts';
import type { TOrderStep, TOrderWriter, TStepOutcome } from './order-transition.ts';
import type { TOrderRow } from './order-view.ts';
import { findOrder } from './orders.repository.ts';

/**
 * What the move-day module asks of an order (issue 28, decision 030): the order as its caller may
 * see it, and the two steps of its machine that a job takes (Finish work → Being Completed; the
 * final bill confirmed → Completed), each through the one writer, in the job's own transaction.
 */
export function createOrderJobFront(c: {
  db: TDb;
  clock: TClock;
  writer: TOrderWriter;
  visible: (auth: TAuth, id: number, party: TViewer) => Promise<TOrderRow>;
}) {
  const { writer } = c;
  return {
    visible: c.visible,
    find: (id: number) => findOrder(c.db, id),
    /** The order as the job's transaction sees it (after the job's own row was locked). */
    findInTx: (tx: TTx, id: number) => findOrder(tx, id),

    /** The crew pressed Finish work: the company's `complete`, in the job's transaction. */
    finishInTx: (tx: TTx, o: TOrderRow, actorUserId: number, now: Date): Promise<TStepOutcome> =>
      writer.step(tx, o, { party: 'company', action: 'complete', actorUserId, now }),

    /**
     * The final bill confirmed: the customer's `complete` (signed on the crew's phone, or from the
     * dashboard) or the system's (48 hours later), with the bill's numbers and tip in `patch`.
     */
    confirmInTx: (
      tx: TTx,
      o: TOrderRow,
      s: Pick<TOrderStep, 'patch' | 'after' | 'tipByCheckout'> & {
        party: 'customer' | 'system';
        actorUserId: number | null;
        now: Date;
      },
    ): Promise<TStepOutcome> => writer.step(tx, o, { ...s, action: 'complete' }),

    /** After the job's transaction committed: caches, mail, then the refund owed and the transfer. */
    async committed(orderId: number, completed: boolean): Promise<void> {
      writer.committed();
      if (completed) await writer.money.afterCommit(orderId);
    },

    chargeTip: writer.money.chargeTip,
    recordTip: writer.money.recordTip,
    openTipCheckout: writer.money.openTipCheckout,
    chargeBalance: writer.money.chargeBalance,
    recordBalanceCharge: writer.money.recordBalanceCharge,
  };
}

export type TOrderJobFront = ReturnType<typeof createOrderJobFront>;
