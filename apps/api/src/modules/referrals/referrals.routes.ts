import {
  REFERRAL_MSG,
  ZCouponCode,
  ZCouponPreview,
  ZPromoGenerate,
  ZPromoView,
  ZReferralInvite,
  ZReferralView,
} from '@haulpro/shared/referral';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TReferralsService } from './referrals.service.ts';

const tags = ['referrals'];

/** Invite a friend: referrals* and customer/promos/generate (spec calls table; decision 022). */
export function referralsRoutes(app: TApp, { service, auth }: TRouteDeps<TReferralsService>): void {
  const svc = service;
  // Everyone with the Invite a friend page: customers, company staff and helpers.
  const members = auth('customer', 'staff', 'labor');

  app.get(
    '/referrals',
    {
      preHandler: members,
      schema: {
        tags,
        summary:
          'The referral code, invited e-mails (pending and approved), credit in dollars (pending, available), the open coupon and the ledger',
        response: { 200: ZEnvelope(ZReferralView) },
      },
    },
    async (req) => ok(await svc.view(caller(req))),
  );

  app.post(
    '/referrals',
    {
      preHandler: members,
      schema: {
        tags,
        summary: 'Invite people by e-mail (1 to 20 at once; at most 100 waiting for an answer)',
        body: ZReferralInvite,
        response: { 200: ZEnvelope(ZReferralView), 422: ZErrorBody },
      },
    },
    async (req) => ok(await svc.invite(caller(req), req.body.emails), REFERRAL_MSG.invitesSent),
  );

  app.delete(
    '/referrals/:id',
    {
      preHandler: members,
      schema: {
        tags,
        summary: 'Delete an invitation while it is not approved (409 once the person signed up)',
        params: ZIdParam,
        response: { 200: ZEnvelope(z.null()), 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (req) => {
      await svc.remove(caller(req), req.params.id);
      return ok(null, REFERRAL_MSG.deleted);
    },
  );

  app.post(
    '/customer/promos/generate',
    {
      preHandler: members,
      schema: {
        tags,
        summary:
          'Turn available credit into a coupon (whole dollars), or with email a gift coupon of 5, 10, 15, 20 or 25 e-mailed there',
        body: ZPromoGenerate,
        response: { 200: ZEnvelope(ZPromoView), 422: ZErrorBody },
      },
    },
    async (req) =>
      ok(
        await svc.generate(caller(req), req.body),
        req.body.email ? REFERRAL_MSG.giftSent : REFERRAL_MSG.couponActivated,
      ),
  );

  app.get(
    '/customer/coupons/:coupon',
    {
      preHandler: auth('customer'),
      schema: {
        tags,
        summary:
          'What a coupon would take off a booking (dollars), before booking; 422 when it is used or unknown',
        params: z.object({ coupon: ZCouponCode }),
        response: { 200: ZEnvelope(ZCouponPreview), 422: ZErrorBody },
      },
    },
    async (req) => ok(await svc.previewCoupon(req.params.coupon)),
  );
}
