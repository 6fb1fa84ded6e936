import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import type { TDb } from '../../db/client.ts';
import { shortName, type TThreadJob } from '../../domain/thread-job.ts';
import { deliveryThreadFacts, payoutDeliveryId } from './delivery-thread.repository.ts';

const CLOSED: readonly number[] = [S.completed, S.customerCancelled];
/** A thread that starts then shows nothing (a date both JavaScript and PostgreSQL write alike). */
const NO_THREAD = new Date('9999-12-31T00:00:00Z');

/**
 * What the messages module asks of a delivery (decision 031): its thread's parties and state.
 * The thread opens at acceptance (so nothing is ever masked in it): its provider side is the
 * acceptor, a labor helper or the staff of the acceptor company. Completed or Customer Cancelled
 * closes it.
 */
export function createDeliveryThreadFront(db: TDb) {
  return {
    async threadParty(id: number): Promise<TThreadJob | null> {
      const f = await deliveryThreadFacts(db, id);
      if (!f) return null;
      const { row, history } = f;
      const closed = CLOSED.includes(row.status);
      const closing = closed ? history.find((h) => h.toStatus === row.status) : undefined;
      const hasAcceptor = row.acceptorUserId !== null || row.acceptorCompanyId !== null;
      const providerName =
        row.acceptorUserId !== null && row.acceptorFirst !== null
          ? shortName(row.acceptorFirst, row.acceptorLast ?? '')
          : (row.branchName ?? row.companyName ?? 'Helper');
      return {
        kind: 'delivery',
        id: row.id,
        customerId: row.customerId,
        customerName: shortName(row.customerFirst, row.customerLast),
        providerName,
        providerCompanyId: row.acceptorCompanyId,
        providerUserId: row.acceptorUserId,
        opened: hasAcceptor,
        accepted: hasAcceptor,
        closedAt: closed ? (closing?.at ?? row.updatedAt) : null,
        // Without an acceptor (never accepted, or given back) there is no thread to read yet.
        since: row.acceptedAt ?? NO_THREAD,
      };
    },
    /** The delivery of a payout submission, for the admin's read of its thread. */
    payoutDeliveryId: (payoutId: number) => payoutDeliveryId(db, payoutId),
  };
}

export type TDeliveryThreadFront = ReturnType<typeof createDeliveryThreadFront>;
