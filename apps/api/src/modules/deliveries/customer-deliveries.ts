import { starAverage } from '@haulpro/shared/review';
import type { TReviewView } from '@haulpro/shared/review-view';
import { clockSecond, jsonBody, type TJsonBody, weighBody } from '../../cache/json-body.ts';
import type { TAuth, TDeps } from '../../context.ts';
import { notFound } from '../../domain/errors.ts';
import { pageMeta } from '../../domain/paging.ts';
import type { TReviewsService } from '../reviews/reviews.service.ts';
import { findDelivery } from './deliveries.repository.ts';
import { helperParty, type TDeliveryFunnel } from './delivery-act.ts';
import type { TDeliveryCaller, TDeliveryRequest } from './delivery-actions.ts';
import { acceptorTerms, createDeliveryCancellation } from './delivery-cancellation.ts';
import { listCustomerDeliveries } from './delivery-lists.repository.ts';
import { helperActor, helperCaller, type TDeliveryReads } from './delivery-reads.ts';

const STEPS = { cancel: 'customer_cancel', complete: 'confirm', archive: 'customer_archive' } as const;

/**
 * The customer's deliveries (decisions 016 and 017): their lists, one delivery, cancel (refunded
 * in full when paid by card), confirm (the helper's payout joins the ledger), archive; and the
 * reviews of a delivery's two sides.
 */
export function createCustomerDeliveries(
  deps: TDeps,
  funnel: TDeliveryFunnel,
  reads: TDeliveryReads,
  reviews: Pick<TReviewsService, 'publishedForBranch' | 'receivedByCustomer'>,
) {
  const { db } = deps;
  const { render, oneView, customerDelivery } = reads;

  return {
    ...createDeliveryCancellation(deps, customerDelivery),

    /**
     * The customer's deliveries as the JSON body the route sends. The dashboard polls it: kept
     * per user, tab, page and clock second until a table it read changes (decision 032).
     */
    async customerList(
      auth: TAuth,
      q: { tab: 'active' | 'archive'; page: number; paginate: number },
    ): Promise<TJsonBody> {
      const now = deps.clock.now();
      const second = clockSecond(now);
      const key = `deliveries:customer:${auth.user.id}:${q.tab}:${q.page}:${q.paginate}@${second}`;
      return deps.cache.memoScoped(
        key,
        async () => {
          const r = await listCustomerDeliveries(db, auth.user.id, q.tab, q.page, q.paginate);
          const data = render(r.items, () => 'customer', null, now);
          return jsonBody(
            JSON.stringify({
              data,
              meta: {
                ...pageMeta(q.page, q.paginate, q.tab === 'active' ? r.active : r.archive),
                active_count: r.active,
                archive_count: r.archive,
              },
            }),
          );
        },
        weighBody,
      );
    },

    async customerOne(auth: TAuth, id: number) {
      return oneView(await customerDelivery(auth, id), 'customer', null);
    },

    async customerStep(auth: TAuth, id: number, action: keyof typeof STEPS, reason?: string) {
      // The acceptor's tiers, read before the step: the step's patch applies them to the locked row.
      const request: TDeliveryRequest =
        action === 'cancel'
          ? {
              kind: STEPS.cancel,
              reason,
              policy: (await acceptorTerms(db, await customerDelivery(auth, id))).policy,
            }
          : { kind: STEPS[action] };
      const done = await funnel.act({ kind: 'customer', userId: auth.user.id }, id, request);
      return oneView(done.row, 'customer', null);
    },

    /**
     * See reviews (spec: delivery card): a helper (the acceptor, or a bidder while it is open) sees
     * the customer's published reviews; the customer sees the acceptor's (its branch's, or the
     * labor user's), none before someone accepts.
     */
    async reviewsAbout(auth: TAuth, id: number) {
      let r: { list: TReviewView[]; sum: number; count: number };
      if (auth.user.role === 'customer') {
        const d = await customerDelivery(auth, id);
        r = d.acceptorBranchId
          ? await reviews.publishedForBranch(d.acceptorBranchId)
          : d.acceptorUserId
            ? await reviews.receivedByCustomer(d.acceptorUserId)
            : { list: [], sum: 0, count: 0 };
      } else {
        const d = await findDelivery(db, id);
        if (!d) throw notFound();
        await helperParty(db, d, helperActor(auth));
        r = await reviews.receivedByCustomer(d.customerId);
      }
      return { items: r.list, average: starAverage(r.sum, r.count), count: r.count };
    },

    /**
     * A review of the other side of a completed delivery (one per side, through the funnel):
     * the customer reviews the acceptor (its branch, or the labor user); the acceptor reviews the
     * customer. It starts unpublished (decision 010).
     */
    async review(auth: TAuth, id: number, input: { star: number; comment: string }): Promise<number> {
      const caller: TDeliveryCaller =
        auth.user.role === 'customer' ? { kind: 'customer', userId: auth.user.id } : helperCaller(auth);
      const done = await funnel.act(caller, id, { kind: 'review', ...input });
      if (done.effect === undefined) throw new Error('a review step answers the review it wrote');
      return done.effect;
    },
  };
}
