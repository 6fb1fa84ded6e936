import { ZDeliveryView } from '@haulpro/shared/delivery-view';
import { type TReviewView, ZReviewView } from '@haulpro/shared/review-view';
import { z } from 'zod';
import { ZEnvelope, ZErrorBody } from '../../http/envelope.ts';

// What the deliveries' three route files (helper, customer, payout review) answer alike.

export const errors = { 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
export const ZAction = ZEnvelope(ZDeliveryView);
/** See reviews on a delivery card: the other side's published reviews, their average and count. */
export const ZSeeReviews = z.object({
  data: z.array(ZReviewView),
  meta: z.object({ average: z.number(), count: z.number() }),
});
export const seeReviews = (r: { items: TReviewView[]; average: number; count: number }) => ({
  data: r.items,
  meta: { average: r.average, count: r.count },
});
export const tags = ['deliveries'];
