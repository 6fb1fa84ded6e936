import { ZReviewInput } from '@haulpro/shared/review';
import {
  ZInvitedReviewInput,
  ZInviter,
  ZInviteToken,
  ZPublicReviewInvitation,
  ZReplyInput,
  ZReviewCreate,
  ZReviewInvitation,
  ZReviewInvitationsQuery,
  ZReviewInvite,
  ZReviewInviteResult,
  ZReviewList,
  ZReviewListQuery,
} from '@haulpro/shared/review-page';
import { ZReviewView } from '@haulpro/shared/review-view';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody, ZMessageOnly } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TReviewsService } from './reviews.service.ts';

const ZReview = ZReviewView;
const errors = { 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/**
 * Reviews (spec: Reviews page; calls reviews/*): staff and helpers under `/reviews...`, customers
 * under `/customer/reviews...`; edit, publish and reply on `/reviews/{id}` answer every role (the
 * order cards call them), and reviewer invitations are for company staff.
 */
export function reviewsRoutes(app: TApp, { service, auth }: TRouteDeps<TReviewsService>): void {
  const svc = service;
  const anyone = auth('customer', 'staff', 'labor');
  const tags = ['reviews'];

  for (const [prefix, pre, who] of [
    ['/reviews', auth('staff', 'labor'), 'staff and helpers'],
    ['/customer/reviews', auth('customer'), 'customers'],
  ] as const) {
    app.get(
      prefix,
      {
        preHandler: pre,
        schema: {
          tags,
          summary: `Reviews sent or received (${who}), with the summary of both tabs`,
          querystring: ZReviewListQuery,
          response: { 200: ZReviewList, ...errors },
        },
      },
      async (req) => svc.list(caller(req), req.query),
    );
    app.post(
      prefix,
      {
        preHandler: pre,
        schema: {
          tags,
          summary: `Review the other side of a completed order or delivery (${who}; starts unpublished)`,
          body: ZReviewCreate,
          response: { 200: ZEnvelope(ZReview), ...errors },
        },
      },
      async (req) => ok(await svc.create(caller(req), req.body), 'Review saved'),
    );
  }

  // Edit, publish and reply: every role (the customer's paths are the same calls under customer/).
  for (const [prefix, pre] of [
    ['/reviews', anyone],
    ['/customer/reviews', auth('customer')],
  ] as const) {
    app.put(
      `${prefix}/:id`,
      {
        preHandler: pre,
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
      `${prefix}/:id/publish`,
      {
        preHandler: pre,
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
      `${prefix}/:id/reply`,
      {
        preHandler: pre,
        schema: {
          tags,
          summary: 'Reply once to a review you received',
          params: ZIdParam,
          body: ZReplyInput,
          response: { 200: ZEnvelope(ZReview), ...errors },
        },
      },
      async (req) => ok(await svc.reply(caller(req), req.params.id, req.body.comment), 'Reply posted'),
    );
  }

  // Reviewer invitations (company staff).
  const staff = auth('staff');
  app.get(
    '/reviews/inviters',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Each location with its completed orders and invited_reviews_count',
        response: { 200: ZEnvelope(z.array(ZInviter)), ...errors },
      },
    },
    async (req) => ok(await svc.inviters(caller(req))),
  );
  app.post(
    '/reviews/invite',
    {
      preHandler: staff,
      schema: {
        tags,
        summary:
          'Invite reviewers: e-mails, or the customers of some or all completed orders (100 per location)',
        body: ZReviewInvite,
        response: { 200: ZEnvelope(ZReviewInviteResult), ...errors },
      },
    },
    async (req) => {
      const r = await svc.invite(caller(req), req.body);
      return ok(r, `Invitation${r.invited.length === 1 ? '' : 's'} sent`);
    },
  );
  app.get(
    '/reviews/invitations',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "A location's invited people: pending (no review yet) or available (reviewed)",
        querystring: ZReviewInvitationsQuery,
        response: { 200: ZEnvelope(z.array(ZReviewInvitation)), ...errors },
      },
    },
    async (req) => ok(await svc.invitations(caller(req), req.query.branch_id, req.query.status)),
  );
  app.delete(
    '/reviews/invitations/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Delete an invitation (its link stops working)',
        params: ZIdParam,
        response: { 200: ZMessageOnly, ...errors },
      },
    },
    async (req) => {
      await svc.deleteInvitation(caller(req), req.params.id);
      return { message: 'Invitation deleted' };
    },
  );
}

/** The public page of a reviewer invitation (`/api/public/review-invitations/{token}`). */
export function publicReviewRoutes(app: TApp, { service }: TRouteDeps<TReviewsService>): void {
  const svc = service;
  const tags = ['reviews'];
  app.get(
    '/review-invitations/:token',
    {
      schema: {
        tags,
        summary: 'The company an invitation asks to review',
        params: ZInviteToken,
        response: { 200: ZEnvelope(ZPublicReviewInvitation), 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req) => ok(await svc.publicInvitation(req.params.token)),
  );
  app.post(
    '/review-invitations/:token/reviews',
    {
      schema: {
        tags,
        summary: 'Leave the invited review (no account; published at once, marked as invited)',
        params: ZInviteToken,
        body: ZInvitedReviewInput,
        response: { 200: ZEnvelope(ZReview), 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req) => ok(await svc.invitedReview(req.params.token, req.body), 'Thank you for your review'),
  );
}
