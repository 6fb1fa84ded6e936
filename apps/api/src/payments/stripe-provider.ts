import Stripe from 'stripe';
import type { TConnectEvent, TPaymentEvent, TPaymentProvider, TProviderError } from './payment-provider.ts';

const idOf = (v: string | undefined | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const refOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/** A Connect event reduced to what the ledger needs, or null for one we do not act on. */
function connectEvent(event: Stripe.Event): TConnectEvent | null {
  const o = event.data.object as unknown as Record<string, unknown>;
  if (event.type === 'account.updated') {
    const a = o as unknown as Stripe.Account;
    return {
      kind: 'account',
      accountId: a.id,
      chargesEnabled: !!a.charges_enabled,
      payoutsEnabled: !!a.payouts_enabled,
      detailsSubmitted: !!a.details_submitted,
      requirements: [...(a.requirements?.currently_due ?? []), ...(a.requirements?.past_due ?? [])].filter(
        (v, i, all) => all.indexOf(v) === i,
      ),
    };
  }
  if (event.type.startsWith('transfer.')) {
    const t = o as unknown as Stripe.Transfer;
    return { kind: 'transfer', transferId: t.id, amountReversed: t.amount_reversed ?? 0 };
  }
  if (event.type === 'payout.created' || event.type === 'payout.paid' || event.type === 'payout.failed') {
    const p = o as unknown as Stripe.Payout;
    if (!event.account) return null;
    return {
      kind: 'payout',
      accountId: event.account,
      payoutId: p.id,
      status: event.type === 'payout.paid' ? 'paid' : event.type === 'payout.failed' ? 'failed' : 'created',
      arrivalAt: new Date((p.arrival_date ?? p.created) * 1000),
      createdAt: new Date(p.created * 1000),
    };
  }
  if (event.type === 'charge.dispute.created') {
    const d = o as unknown as Stripe.Dispute;
    const pi = refOf(d.payment_intent);
    return pi ? { kind: 'dispute', disputeId: d.id, paymentIntentId: pi, amountCents: d.amount } : null;
  }
  return null;
}

/**
 * Stripe Checkout Sessions, Connect Express accounts, transfers and signed webhooks. `apiUrl`
 * points the client at a local server in tests (the loopback Stripe double).
 */
export function createStripeProvider(cfg: {
  secretKey: string;
  webhookSecret: string;
  connectWebhookSecret?: string | null;
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

  /** The event under the platform's secret, or else under the Connect endpoint's. */
  async function construct(rawBody: Buffer, signature: string): Promise<Stripe.Event> {
    try {
      return await stripe.webhooks.constructEventAsync(rawBody, signature, cfg.webhookSecret);
    } catch (err) {
      if (!cfg.connectWebhookSecret) throw err;
      return stripe.webhooks.constructEventAsync(rawBody, signature, cfg.connectWebhookSecret);
    }
  }

  return {
    name: 'stripe',
    async createCheckout(r) {
      const delivery = r.kind === 'delivery';
      const tip = r.purpose === 'tip';
      const ref: Record<string, string> = {
        ...(delivery ? { delivery_id: String(r.orderId) } : { order_id: String(r.orderId) }),
        ...(tip ? { kind: 'tip' } : {}),
      };
      const job = delivery ? `delivery-${r.orderId}` : `order-${r.orderId}`;
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: tip ? `tip-${job}` : delivery ? job : String(r.orderId),
        customer_email: r.customerEmail,
        metadata: ref,
        // A booking makes a Stripe customer with the card saved for later, off session: the tip.
        ...(tip ? {} : { customer_creation: 'always' as const }),
        payment_intent_data: {
          metadata: ref,
          transfer_group: job,
          ...(tip ? {} : { setup_future_usage: 'off_session' as const }),
        },
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
      const intent = refOf(session.payment_intent);
      if (!intent) throw new Error(`checkout ${r.sessionId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: r.amountCents, reason: 'requested_by_customer' },
        { idempotencyKey: r.idempotencyKey },
      );
      return { refundId: refund.id };
    },
    async verifyWebhook(rawBody, signature) {
      if (!signature) throw new Error('Missing Stripe-Signature header');
      const event = await construct(rawBody, signature);
      const out: TPaymentEvent = {
        id: event.id,
        type: event.type,
        createdAt: new Date((event.created ?? 0) * 1000),
        orderId: null,
        deliveryId: null,
        sessionId: null,
        purpose: 'booking',
        paid: null,
        amountCents: null,
        paymentIntentId: null,
        customerId: null,
        connect: null,
      };
      if (!event.type.startsWith('checkout.session.')) {
        out.connect = connectEvent(event);
        return out;
      }
      const s = event.data.object as Stripe.Checkout.Session;
      const ref = (s.client_reference_id ?? '').replace(/^tip-/, '');
      if (s.metadata?.kind === 'tip') out.purpose = 'tip';
      out.deliveryId = idOf(
        s.metadata?.delivery_id ?? (ref.startsWith('delivery-') ? ref.slice(9) : undefined),
      );
      out.orderId = out.deliveryId
        ? null
        : idOf(s.metadata?.order_id ?? (ref.startsWith('order-') ? ref.slice(6) : ref));
      out.sessionId = s.id;
      out.amountCents = typeof s.amount_total === 'number' ? s.amount_total : null;
      out.paymentIntentId = refOf(s.payment_intent);
      out.customerId = refOf(s.customer);
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
    async createAccount(r) {
      const a = await stripe.accounts.create(
        {
          type: 'express',
          country: 'US',
          email: r.email,
          capabilities: { transfers: { requested: true } },
          metadata: r.metadata,
        },
        { idempotencyKey: r.idempotencyKey },
      );
      return { accountId: a.id };
    },
    async accountLink(r) {
      const link = await stripe.accountLinks.create({
        account: r.accountId,
        refresh_url: r.refreshUrl,
        return_url: r.returnUrl,
        type: 'account_onboarding',
      });
      return { url: link.url };
    },
    async chargeSavedCard(r) {
      const booking = await stripe.paymentIntents.retrieve(r.bookingPaymentIntentId);
      const paymentMethod = refOf(booking.payment_method);
      if (!paymentMethod) throw new Error(`payment ${r.bookingPaymentIntentId} saved no card`);
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: r.amountCents,
            currency: 'usd',
            customer: r.customerId,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description: r.description,
            metadata: r.metadata,
            ...(booking.transfer_group ? { transfer_group: booking.transfer_group } : {}),
          },
          { idempotencyKey: r.idempotencyKey },
        );
        return { paymentIntentId: pi.id };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          const e: TProviderError = new Error(err.message);
          e.declined = true;
          throw e;
        }
        throw err;
      }
    },
    async transfer(r) {
      const t = await stripe.transfers.create(
        {
          amount: r.amountCents,
          currency: 'usd',
          destination: r.accountId,
          transfer_group: r.transferGroup,
          description: r.description,
          metadata: r.metadata,
        },
        { idempotencyKey: r.idempotencyKey },
      );
      return { transferId: t.id };
    },
    async reverseTransfer(r) {
      const rev = await stripe.transfers.createReversal(
        r.transferId,
        { amount: r.amountCents },
        { idempotencyKey: r.idempotencyKey },
      );
      return { reversalId: rev.id };
    },
  };
}
