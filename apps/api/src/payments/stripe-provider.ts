import Stripe from 'stripe';
import type { TPaymentEvent, TPaymentProvider } from './payment-provider.ts';

/** Stripe Checkout Session + signed webhook. `apiUrl` points the client at a local server in tests. */
export function createStripeProvider(cfg: {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string | null;
}): TPaymentProvider {
  const api = cfg.apiUrl ? new URL(cfg.apiUrl) : null;
  const stripe = new Stripe(cfg.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return {
    name: 'stripe',
    async createCheckout(r) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: String(r.orderId),
        customer_email: r.customerEmail,
        metadata: { order_id: String(r.orderId) },
        payment_intent_data: { metadata: { order_id: String(r.orderId) } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: r.amountCents,
              product_data: { name: r.description },
            },
          },
        ],
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async verifyWebhook(rawBody, signature) {
      if (!signature) throw new Error('Missing Stripe-Signature header');
      const event = await stripe.webhooks.constructEventAsync(rawBody, signature, cfg.webhookSecret);
      const out: TPaymentEvent = {
        id: event.id,
        type: event.type,
        orderId: null,
        sessionId: null,
        paid: null,
      };
      if (!event.type.startsWith('checkout.session.')) return out;
      const s = event.data.object as Stripe.Checkout.Session;
      const orderId = Number(s.metadata?.order_id ?? s.client_reference_id);
      out.orderId = Number.isInteger(orderId) && orderId > 0 ? orderId : null;
      out.sessionId = s.id;
      if (
        event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded'
      ) {
        // Completed but unpaid: a delayed method (bank debit) still settling; its own event follows.
        out.paid = s.payment_status === 'paid' || s.payment_status === 'no_payment_required' ? true : null;
      } else if (
        event.type === 'checkout.session.expired' ||
        event.type === 'checkout.session.async_payment_failed'
      ) {
        out.paid = false;
      }
      return out;
    },
  };
}
