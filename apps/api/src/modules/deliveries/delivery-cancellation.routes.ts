import { ZCancelPreview } from '@haulpro/shared/payouts';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TDeliveriesService } from './deliveries.service.ts';

/** The customer's preview of a delivery's cancel (decision 029). */
export function deliveryCancellationRoutes(
  app: TApp,
  { service, auth }: TRouteDeps<TDeliveriesService>,
): void {
  app.get(
    '/customer/deliveries/:id/cancel-preview',
    {
      preHandler: auth('customer'),
      schema: {
        tags: ['customer deliveries'],
        summary: 'What cancelling your delivery now keeps and gives back (dollars)',
        description:
          'The acceptor’s late-cancellation fee applies to an accepted delivery paid by card (a labor user’s: the default tiers); a cash delivery keeps nothing (fee 0, refund 0, tier null).',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZCancelPreview), 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (req) => ok(await service.cancelPreview(caller(req), req.params.id)),
  );
}
