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
      const delivery = r.kind === 'delivery';
      const ref: Record<string, string> = delivery
        ? { delivery_id: String(r.orderId) }
        : { order_id: String(r.orderId) };
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: delivery ? `delivery-${r.orderId}` : String(r.orderId),
        customer_email: r.customerEmail,
        metadata: ref,
        payment_intent_data: { metadata: ref },
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
    async refund(r) {
      const session = await stripe.checkout.sessions.retrieve(r.sessionId);
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`checkout ${r.sessionId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: r.amountCents, reason: 'requested_by_customer' },
        { idempotencyKey: r.idempotencyKey },
      );
      return { refundId: refund.id };
    },
    async verifyWebhook(rawBody, signature) {
      if (!signature) throw new Error('Missing Stripe-Signature header');
      const event = await stripe.webhooks.constructEventAsync(rawBody, signature, cfg.webhookSecret);
      const out: TPaymentEvent = {
        id: event.id,
        type: event.type,
        orderId: null,
        deliveryId: null,
        sessionId: null,
        paid: null,
      };
      if (!event.type.startsWith('checkout.session.')) return out;
      const s = event.data.object as Stripe.Checkout.Session;
      const ref = s.client_reference_id ?? '';
      const idOf = (v: string | undefined) => {
        const n = Number(v);
        return Number.isInteger(n) && n > 0 ? n : null;
      };
      out.deliveryId = idOf(
        s.metadata?.delivery_id ?? (ref.startsWith('delivery-') ? ref.slice(9) : undefined),
      );
      out.orderId = out.deliveryId
        ? null
        : idOf(s.metadata?.order_id ?? (ref.startsWith('order-') ? ref.slice(6) : ref));
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
