import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseForm, startLoopbackStripe, type TLoopbackStripe } from './helpers/loopback-stripe.ts';

/*
 * The loopback Stripe double speaks enough of Stripe's protocol for the official client: what the
 * payouts suite relies on is checked here against the real `stripe` library.
 */

let double: TLoopbackStripe;
let stripe: Stripe;
beforeAll(async () => {
  double = await startLoopbackStripe({ webhookSecret: 'whsec_a', connectWebhookSecret: 'whsec_connect' });
  const u = new URL(double.url);
  stripe = new Stripe('sk_test_double', {
    host: u.hostname,
    port: u.port,
    protocol: 'http',
    maxNetworkRetries: 1,
  });
});
afterAll(() => double.close());

describe('the loopback Stripe double', () => {
  it('reads nested form keys as Stripe does', () => {
    expect(parseForm('a[b][c]=1&a[d][0]=x&a[d][1]=y&e=2&f[][g]=3')).toEqual({
      a: { b: { c: '1' }, d: ['x', 'y'] },
      e: '2',
      f: [{ g: '3' }],
    });
  });

  it('pays a checkout, saves the card, charges it off session and refunds no more than was paid', async () => {
    const s = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer_creation: 'always',
      payment_intent_data: { setup_future_usage: 'off_session', metadata: { order_id: '7' } },
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 40_000, product_data: { name: 'Move' } } },
      ],
      success_url: 'http://x/ok',
      cancel_url: 'http://x/no',
    });
    double.pay(s.id);
    const paid = await stripe.checkout.sessions.retrieve(s.id);
    expect(paid).toMatchObject({ payment_status: 'paid', amount_total: 40_000 });
    const pi = await stripe.paymentIntents.retrieve(String(paid.payment_intent));
    const tip = await stripe.paymentIntents.create(
      {
        amount: 5_000,
        currency: 'usd',
        customer: String(paid.customer),
        payment_method: String(pi.payment_method),
        off_session: true,
        confirm: true,
      },
      { idempotencyKey: 'tip-order-7' },
    );
    expect(tip.status).toBe('succeeded');
    double.declineNextOffSession();
    await expect(
      stripe.paymentIntents.create({
        amount: 100,
        currency: 'usd',
        customer: String(paid.customer),
        off_session: true,
        confirm: true,
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await stripe.refunds.create({ payment_intent: pi.id, amount: 30_000 });
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 10_001 })).rejects.toThrow(
      /greater than/,
    );
    const event = double.events.find((e) => e.type === 'checkout.session.completed')!;
    const signed = double.sign(event);
    const verified = await stripe.webhooks.constructEventAsync(signed.body, signed.signature, 'whsec_a');
    expect(verified.id).toBe(event.id);
  });

  it('onboards an Express account, transfers once per key, reverses, pays out, with Connect-signed events', async () => {
    const a = await stripe.accounts.create(
      { type: 'express', email: 'm@x.test' },
      { idempotencyKey: 'account-company-1' },
    );
    const again = await stripe.accounts.create(
      { type: 'express', email: 'm@x.test' },
      { idempotencyKey: 'account-company-1' },
    );
    expect(again.id).toBe(a.id);
    const link = await stripe.accountLinks.create({
      account: a.id,
      refresh_url: 'http://x/r',
      return_url: 'http://x/back',
      type: 'account_onboarding',
    });
    expect(link.url).toContain(`/connect/onboard/${a.id}`);
    await expect(
      stripe.transfers.create({ amount: 100, currency: 'usd', destination: a.id }),
    ).rejects.toThrow(/capabilities/);
    const updated = double.completeOnboarding(a.id);
    expect(updated.account).toBe(a.id);
    const signed = double.sign(updated);
    await expect(
      stripe.webhooks.constructEventAsync(signed.body, signed.signature, 'whsec_connect'),
    ).resolves.toMatchObject({ type: 'account.updated' });
    const before = double.created.transfers ?? 0;
    double.failNext('transfers', 2);
    // The client retries once on a 500; the double keeps no answer under the key for a failure.
    await expect(
      stripe.transfers.create(
        { amount: 9_000, currency: 'usd', destination: a.id },
        { idempotencyKey: 'transfer-order-7' },
      ),
    ).rejects.toThrow(/down/);
    const t1 = await stripe.transfers.create(
      { amount: 9_000, currency: 'usd', destination: a.id },
      { idempotencyKey: 'transfer-order-7' },
    );
    const t2 = await stripe.transfers.create(
      { amount: 9_000, currency: 'usd', destination: a.id },
      { idempotencyKey: 'transfer-order-7' },
    );
    expect(t2.id).toBe(t1.id);
    await expect(
      stripe.transfers.create(
        { amount: 9_001, currency: 'usd', destination: a.id },
        { idempotencyKey: 'transfer-order-7' },
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((double.created.transfers ?? 0) - before).toBe(1);
    await stripe.transfers.createReversal(t1.id, { amount: 4_000 });
    await expect(stripe.transfers.createReversal(t1.id, { amount: 5_001 })).rejects.toThrow(/greater/);
    const p = double.payout(a.id);
    expect(p.amount).toBe(5_000);
    expect(double.events.slice(-2).map((e) => [e.type, e.account])).toEqual([
      ['payout.created', a.id],
      ['payout.paid', a.id],
    ]);
  });

  it('serves the browser pages: the payment page and the onboarding form', async () => {
    const s = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 1_234, product_data: { name: 'Delivery' } },
        },
      ],
      success_url: 'http://x/ok',
      cancel_url: 'http://x/no',
    });
    const page = await fetch(String(s.url));
    expect(await page.text()).toContain('Pay $12.34');
    expect(await (await fetch(String(s.url))).text()).toContain('data-testid="amount">$12.34<');
    const pay = await fetch(`${double.url}/checkout/${s.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe('http://x/ok');
    expect((await fetch(`${double.url}/health`)).status).toBe(200);
  });
});
