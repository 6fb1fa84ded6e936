import { REVIEW_MSG, ZReviewInput } from '@haulpro/shared/review';
import { ZReviewView } from '@haulpro/shared/review-view';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../services.ts';

const ZReview = ZReviewView;
const errors = { 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/** reviews/{id}: edit (star, comment) within the review period, publish, reply (spec). */
export function reviewsRoutes(app: TApp, { services, auth }: TRouteDeps): void {
  const svc = services.reviews;
  const anyone = auth('customer', 'staff', 'labor');
  const tags = ['reviews'];
  app.put(
    '/reviews/:id',
    {
      preHandler: anyone,
      schema: {
        tags,
        summary: 'Edit your unpublished review (within 10 days)',
        params: ZIdParam,
        body: ZReviewInput,
        response: { 200: ZEnvelope(ZReview), ...errors },
      },
    },
    async (req) => ok(await svc.edit(caller(req), req.params.id, req.body), 'Review updated'),
  );
  app.post(
    '/reviews/:id/publish',
    {
      preHandler: anyone,
      schema: {
        tags,
        summary: 'Publish your review',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZReview), ...errors },
      },
    },
    async (req) => ok(await svc.publish(caller(req), req.params.id), 'Review published'),
  );
  app.post(
    '/reviews/:id/reply',
    {
      preHandler: anyone,
      schema: {
        tags,
        summary: 'Reply once to a review you received',
        params: ZIdParam,
        body: z.object({
          comment: z
            .string({ error: REVIEW_MSG.replyRequired })
            .trim()
            .min(1, REVIEW_MSG.replyRequired)
            .max(1500),
        }),
        response: { 200: ZEnvelope(ZReview), ...errors },
      },
    },
    async (req) => ok(await svc.reply(caller(req), req.params.id, req.body.comment), 'Reply posted'),
  );
}
