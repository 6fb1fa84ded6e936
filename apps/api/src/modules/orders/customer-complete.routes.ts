import { ZOrderView } from '@haulpro/shared/order-view';
import { ZCompleteInput } from '@haulpro/shared/payouts';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TOrdersService } from './orders.service.ts';

/** The customer confirms a finished move, with an optional tip (issue 27, decision 028). */
export function customerCompleteRoutes(app: TApp, { service, auth }: TRouteDeps<TOrdersService>): void {
  app.post(
    '/customer/orders/:id/complete',
    {
      preHandler: auth('customer'),
      schema: {
        tags: ['customer orders'],
        summary: 'Confirm the job is done, with an optional tip (dollars, 0 to the price)',
        params: ZIdParam,
        body: ZCompleteInput,
        response: {
          200: z.object({
            data: ZOrderView,
            message: z.string(),
            /** A card booking that saved no card pays its tip on this page. */
            tip_checkout_url: z.string().nullable(),
          }),
          404: ZErrorBody,
          409: ZErrorBody,
          422: ZErrorBody,
          503: ZErrorBody,
        },
      },
    },
    async (req) => {
      const r = await service.customerComplete(caller(req), req.params.id, req.body?.tip);
      return { data: r.view, message: 'Order completed', tip_checkout_url: r.tipCheckoutUrl };
    },
  );
}
