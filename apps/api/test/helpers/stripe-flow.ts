import type { TPayoutAccount, TReconciliation } from '@haulpro/shared/payouts';
import { expect } from 'vitest';
import { call } from './http.ts';
import type { startLoopbackStripe } from './loopback-stripe.ts';
import type { TTestApp } from './test-app.ts';

/**
 * The steps a card test takes against the loopback Stripe double: its events signed and sent as
 * Stripe would (new ones last first, then each replayed twice), a provider's payout account
 * connected through the Account Link and onboarding, and the admin's books of a period.
 */
export function stripeFlow(t: TTestApp, stripe: Awaited<ReturnType<typeof startLoopbackStripe>>) {
  let delivered = 0;

  async function send(event: (typeof stripe.events)[number]) {
    const { body, signature } = stripe.sign(event);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/public/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    expect(r.statusCode, r.body).toBe(200);
  }

  async function deliverNew() {
    const fresh = stripe.events.slice(delivered);
    delivered = stripe.events.length;
    for (const e of [...fresh].reverse()) await send(e);
    for (const e of [...fresh, ...fresh]) await send(e);
  }

  async function connect(token: string): Promise<string> {
    const link = await call<{ data: { url: string } }>(t.app, 'POST', '/api/dashboard/payout-account/link', {
      token,
      body: {},
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const acct = new URL(link.body.data.url).pathname.split('/').pop()!;
    stripe.completeOnboarding(acct);
    await deliverNew();
    const account = await call<{ data: TPayoutAccount }>(t.app, 'GET', '/api/dashboard/payout-account', {
      token,
    });
    expect(account.body.data.status).toBe('active');
    return acct;
  }

  async function books(admin: string, from: string, to: string): Promise<TReconciliation> {
    const r = await call<{ data: TReconciliation }>(
      t.app,
      'GET',
      `/api/admin/reconciliation?from=${from}&to=${to}`,
      {
        token: admin,
      },
    );
    expect(r.status).toBe(200);
    return r.body.data;
  }

  return { send, deliverNew, connect, books };
}
