import { ORDER_STATUS as S } from '@haulpro/shared/order';
import type { TDb } from '../../db/client.ts';
import { shortName, type TThreadJob } from '../../domain/thread-job.ts';
import { orderThreadFacts } from './order-thread.repository.ts';

const CLOSED: readonly number[] = [S.completed, S.cancelled, S.rejected];
/** Statuses only an accepted order reaches. */
const TAKEN: readonly number[] = [S.accepted, S.beingCompleted, S.completed];

/**
 * What the messages module asks of an order (decision 031): its thread's parties and state. The
 * thread opens at New (Waiting for Payment has no provider yet), contact details are masked until
 * the company accepts, and a Completed, Cancelled or Rejected order closed when it reached that status.
 */
export function createOrderThreadFront(db: TDb) {
  return {
    async threadParty(id: number): Promise<TThreadJob | null> {
      const f = await orderThreadFacts(db, id);
      if (!f) return null;
      const { row, history } = f;
      const closing = CLOSED.includes(row.status)
        ? history.find((h) => h.toStatus === row.status)
        : undefined;
      // Cancelled while waiting for payment: the thread never opened.
      const neverOpened =
        row.status === S.waitingForPayment ||
        (closing !== undefined && closing.fromStatus === S.waitingForPayment);
      const accepted =
        TAKEN.includes(row.status) ||
        (row.status === S.beingRescheduled && row.statusBeforeReschedule !== S.new) ||
        history.some((h) => h.toStatus === S.accepted);
      return {
        kind: 'order',
        id: row.id,
        customerId: row.customerId,
        customerName: shortName(row.customerFirst, row.customerLast),
        providerName: row.branchName || row.companyName,
        providerCompanyId: row.companyId,
        providerUserId: null,
        opened: !neverOpened,
        accepted,
        closedAt: CLOSED.includes(row.status) ? (closing?.at ?? row.updatedAt) : null,
        since: null,
      };
    },
  };
}

export type TOrderThreadFront = ReturnType<typeof createOrderThreadFront>;
