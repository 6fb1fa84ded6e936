import {
  ZPayoutAccount,
  ZPayoutAccountLink,
  ZPayoutsQuery,
  ZPayoutsView,
  ZReconciliation,
  ZReconciliationQuery,
} from '@haulpro/shared/payouts';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TPayoutsService } from './payouts.service.ts';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 422: ZErrorBody };
const tags = ['payouts'];
/** Company staff's and labor users' payout account and ledger (`/api/dashboard/payout-account`, `/payouts`). */
export function payoutsRoutes(app: TApp, { service, auth }: TRouteDeps<TPayoutsService>): void {
  const provider = auth('staff', 'labor');
  app.get(
    '/payout-account',
    {
      preHandler: provider,
      schema: {
        tags,
        summary: "The caller's Stripe payout account: not connected, needs information, or active",
        response: { 200: ZEnvelope(ZPayoutAccount), ...errors },
      },
    },
    async (req) => ok(await service.account(caller(req))),
  );
  app.post(
    '/payout-account/link',
    {
      preHandler: provider,
      schema: {
        tags,
        summary: "Stripe's onboarding page for the caller's payout account (made once)",
        body: z.strictObject({}).optional(),
        response: { 200: ZEnvelope(ZPayoutAccountLink), 503: ZErrorBody, ...errors },
      },
    },
    async (req) => ok(await service.accountLink(caller(req))),
  );
  app.get(
    '/payouts',
    {
      preHandler: provider,
      schema: {
        tags,
        summary: "The caller's payout ledger: every finished job, totals, and sums by week or month",
        querystring: ZPayoutsQuery,
        response: { 200: ZPayoutsView, ...errors },
      },
    },
    async (req) => service.list(caller(req), req.query.period),
  );
}

/** The admin's reconciliation (`/api/admin/reconciliation`). */
export function reconciliationRoutes(app: TApp, { service, auth, deps }: TRouteDeps<TPayoutsService>): void {
  app.get(
    '/reconciliation',
    {
      preHandler: auth('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Money in and out per day, and every job whose charges differ from transfers + refunds + fee',
        querystring: ZReconciliationQuery,
        response: { 200: ZEnvelope(ZReconciliation), ...errors },
      },
    },
    async (req) => {
      const today = deps.clock.now().toISOString().slice(0, 10);
      const to = req.query.to ?? today;
      const from =
        req.query.from ??
        new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
      return ok(await service.reconciliation(from, to));
    },
  );
}
