import { ZDeliveryReasonInput } from '@haulpro/shared/delivery-input';
import { ZPayoutQueueQuery, ZPayoutReviewItem } from '@haulpro/shared/delivery-view';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZPageMeta } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import { DELIVERY_TEXT, type TDeliveriesService } from './deliveries.service.ts';
import { errors } from './delivery-route-parts.ts';

/** The admin's payout review (`/api/admin/payouts...`). */
export function adminPayoutRoutes(app: TApp, { service: svc, auth }: TRouteDeps<TDeliveriesService>): void {
  const admin = auth('admin');
  const atags = ['admin'];
  const ZItem = ZEnvelope(ZPayoutReviewItem);
  app.get(
    '/payouts',
    {
      preHandler: admin,
      schema: {
        tags: atags,
        summary: 'The payout review queue (oldest pending first)',
        querystring: ZPayoutQueueQuery,
        response: {
          200: z.object({
            data: z.array(ZPayoutReviewItem),
            meta: ZPageMeta.extend({ pending_count: z.number() }),
          }),
          ...errors,
        },
      },
    },
    async (req) => svc.payoutQueue(req.query),
  );
  app.get(
    '/payouts/:id',
    {
      preHandler: admin,
      schema: {
        tags: atags,
        summary: 'One payout submission with its files',
        params: ZIdParam,
        response: { 200: ZItem, ...errors },
      },
    },
    async (req) => ok(await svc.payoutOne(req.params.id)),
  );
  app.post(
    '/payouts/:id/approve',
    {
      preHandler: admin,
      schema: {
        tags: atags,
        summary: 'Approve: the customer may now confirm',
        params: ZIdParam,
        response: { 200: ZItem, ...errors },
      },
    },
    async (req) => ok(await svc.decidePayout(caller(req), req.params.id, 'approve'), DELIVERY_TEXT.approved),
  );
  app.post(
    '/payouts/:id/reject',
    {
      preHandler: admin,
      schema: {
        tags: atags,
        summary: 'Reject with a reason: the delivery is Accepted again',
        params: ZIdParam,
        body: ZDeliveryReasonInput,
        response: { 200: ZItem, ...errors },
      },
    },
    async (req) =>
      ok(
        await svc.decidePayout(caller(req), req.params.id, 'reject', req.body.reason),
        DELIVERY_TEXT.payoutRejected,
      ),
  );
}
