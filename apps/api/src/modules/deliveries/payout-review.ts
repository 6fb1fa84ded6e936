import type { TPayoutReviewItem } from '@haulpro/shared/delivery-view';
import type { TAuth, TDeps } from '../../context.ts';
import { conflict, forbidden, notFound } from '../../domain/errors.ts';
import { pageMeta } from '../../domain/paging.ts';
import { deliveryContexts, type TDeliveryRow } from './deliveries.repository.ts';
import type { TDeliveryFunnel } from './delivery-act.ts';
import { ALREADY_REVIEWED_PAYOUT } from './delivery-actions.ts';
import { payoutReviewItem } from './delivery-view.ts';
import { findPayoutSubmission, listPayoutQueue } from './payouts.repository.ts';

/** The admin's review of helpers' payout submissions (decision 017): the queue, one, approve or reject. */
export function createPayoutReview(deps: TDeps, funnel: TDeliveryFunnel) {
  const { db, clock } = deps;

  async function reviewItems(
    rows: { sub: Parameters<typeof payoutReviewItem>[0]; delivery: TDeliveryRow }[],
  ): Promise<TPayoutReviewItem[]> {
    const ctxs = await deliveryContexts(
      db,
      rows.map((r) => r.delivery),
    );
    const now = clock.now();
    return rows.map((r, i) => {
      const ctx = ctxs[i]!;
      return payoutReviewItem(
        r.sub,
        r.delivery,
        {
          customer: `${ctx.customer.firstName} ${ctx.customer.lastName}`.trim(),
          acceptor: ctx.acceptor?.name ?? 'Helper',
          acceptorKind: ctx.acceptor?.kind ?? 'labor',
        },
        now,
      );
    });
  }

  async function payoutOne(id: number) {
    const r = await findPayoutSubmission(db, id);
    if (!r) throw notFound();
    return (await reviewItems([r]))[0]!;
  }

  return {
    async payoutQueue(q: { status: 'pending' | 'approved' | 'rejected'; page: number; paginate: number }) {
      const r = await listPayoutQueue(db, q.status, q.page, q.paginate);
      const data = await reviewItems(r.rows);
      return { data, meta: { ...pageMeta(q.page, q.paginate, r.total), pending_count: r.pending } };
    },

    payoutOne,

    async decidePayout(auth: TAuth, id: number, decision: 'approve' | 'reject', reason?: string) {
      if (auth.user.role !== 'admin') throw forbidden();
      const found = await findPayoutSubmission(db, id);
      if (!found) throw notFound();
      if (found.sub.status !== 'pending') throw conflict(ALREADY_REVIEWED_PAYOUT);
      await funnel.act(
        { kind: 'admin', userId: auth.user.id },
        found.delivery.id,
        decision === 'approve'
          ? { kind: 'approve_payout', submissionId: id }
          : { kind: 'reject_payout', submissionId: id, reason },
      );
      return payoutOne(id);
    },
  };
}
