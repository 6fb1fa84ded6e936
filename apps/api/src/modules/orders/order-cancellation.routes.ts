import { ZCancelPreview } from '@haulpro/shared/payouts';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TOrdersService } from './orders.service.ts';

/** The customer's preview of a cancel (decision 029); the cancel itself stays in orders.routes.ts. */
export function orderCancellationRoutes(app: TApp, { service, auth }: TRouteDeps<TOrdersService>): void {
  app.get(
    '/customer/orders/:id/cancel-preview',
    {
      preHandler: auth('customer'),
      schema: {
        tags: ['customer orders'],
        summary: 'What cancelling your order now keeps and gives back (dollars)',
        description:
          'The company’s late-cancellation fee applies to an accepted order paid by card; a cash or unpaid order keeps nothing (fee 0, refund 0, tier null).',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZCancelPreview), 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (req) => ok(await service.cancelPreview(caller(req), req.params.id)),
  );
}
