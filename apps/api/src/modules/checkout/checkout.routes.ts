import { z } from 'zod';
import { ZErrorBody } from '../../http/envelope.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TCheckoutService } from './checkout.service.ts';

/** Stripe's webhook: the signature is checked over the exact bytes, so this scope keeps the raw body. */
export async function paymentWebhookRoutes(
  app: TApp,
  { service }: TRouteDeps<TCheckoutService>,
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        tags: ['booking'],
        security: [],
        summary:
          'Stripe events, signature verified: Checkout Sessions (booking), and Connect (account.updated, transfer.*, payout.*, charge.dispute.created)',
        response: {
          200: z.object({ received: z.boolean(), applied: z.boolean() }),
          400: ZErrorBody,
          404: ZErrorBody,
        },
      },
    },
    async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
      const sig = req.headers['stripe-signature'];
      const r = await service.paymentWebhook(raw, typeof sig === 'string' ? sig : undefined);
      return { received: true, applied: r.applied };
    },
  );
}
