import { starAverage, type ZReviewInput } from '@haulpro/shared/review';
import type { z } from 'zod';
import type { TAuth, TClock } from '../../context.ts';
import { AppError } from '../../domain/errors.ts';
import type { TOrderAction, TViewer } from '../../domain/order-machine.ts';
import type { TReviewsService } from '../reviews/reviews.service.ts';
import { STALE_ORDER, type TOrderStep } from './order-transition.ts';
import type { TOrderRow } from './order-view.ts';

/** What the orders module asks of the reviews module. */
export type TOrderReviews = Pick<
  TReviewsService,
  'ofOrders' | 'writeInStep' | 'byId' | 'receivedByCustomer' | 'publishedForBranch'
>;

/** Reviews of an order's two sides: writing one is a step of the order (`review`, once per side). */
export function createOrderReviews<V>(c: {
  clock: TClock;
  reviews: TOrderReviews;
  visible: (auth: TAuth, id: number, party: TViewer) => Promise<TOrderRow>;
  act: (
    auth: TAuth,
    id: number,
    party: TViewer,
    action: TOrderAction,
    opts?: Pick<TOrderStep, 'after'>,
  ) => Promise<V>;
}) {
  const { clock, reviews, visible, act } = c;
  return {
    /** A review of the other side on a completed order (one per side); it starts unpublished. */
    async review(auth: TAuth, id: number, party: TViewer, input: z.output<typeof ZReviewInput>) {
      let reviewId = 0;
      await act(auth, id, party, 'review', {
        after: async (tx, o) => {
          const r = await reviews.writeInStep(tx, {
            orderId: o.id,
            senderUserId: auth.user.id,
            senderParty: party,
            receiverUserId: party === 'company' ? o.customerId : null,
            receiverBranchId: party === 'customer' ? o.branchId : null,
            star: input.star,
            comment: input.comment,
            createdAt: clock.now(),
            updatedAt: clock.now(),
          });
          if (!r) throw new AppError('conflict', STALE_ORDER);
          reviewId = r;
        },
      });
      return (await reviews.byId(reviewId))!;
    },

    /** The order reviews modal: what the other side of this order has been told by others (published only). */
    async orderReviews(auth: TAuth, id: number, party: TViewer) {
      const o = await visible(auth, id, party);
      const r =
        party === 'company'
          ? await reviews.receivedByCustomer(o.customerId)
          : await reviews.publishedForBranch(o.branchId);
      return { items: r.list, average: starAverage(r.sum, r.count), count: r.count };
    },
  };
}
