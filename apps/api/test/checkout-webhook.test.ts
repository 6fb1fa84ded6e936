import { createServer, type Server } from 'node:http';
import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, paymentEvents } from '../src/db/schema.ts';
import { call } from './helpers/http.ts';
import { appWithLoopbackStripe, cardDeliveryBody, paidDeliveryEvent } from './helpers/stripe-deliveries.ts';
import { createTestClock, type TTestApp } from './helpers/test-app.ts';

/*
 * The checkout's webhook seam (decision 024): a verified event is recorded and applied in one
 * transaction. When applying it fails, nothing is recorded, the provider is answered 500, and
 * its retry (the same event with the same signature) applies it: the customer who paid gets an
 * open delivery, never one left Waiting for payment.
 */

const WEBHOOK_SECRET = 'whsec_test_checkout';
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const stripe = new Stripe('sk_test_haulpro');

let t: TTestApp;
let stripeApi: Server;
let customer: string;
let sessions = 0;

beforeAll(async () => {
  stripeApi = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_seam${++sessions}`;
        res.end(
          JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` }),
        );
      } else res.end('{}');
    });
  });
  ({ t, customer } = await appWithLoopbackStripe(clock, stripeApi, WEBHOOK_SECRET));
});
afterAll(async () => {
  await t.close();
  stripeApi.close();
});

const body = cardDeliveryBody;

const paidEvent = paidDeliveryEvent;

/** The provider's delivery of one event: the same bytes and the same signature on every retry. */
function delivery(payload: string) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return () =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
}

/**
 * The database refuses to open a delivery (a lost connection, a full disk) until `recover()`.
 * (A trigger cannot drop itself: the failure rolls its own DDL back.)
 */
async function failOpening() {
  await t.deps.db.execute(sql`
    create or replace function fail_opening() returns trigger language plpgsql as $$
    begin
      raise exception 'simulated failure while applying the payment';
    end $$`);
  // DDL takes no bind parameters: the statuses go in as literals.
  const waiting = sql.raw(String(DELIVERY_STATUS.waitingForPayment));
  const open = sql.raw(String(DELIVERY_STATUS.new));
  await t.deps.db.execute(sql`
    create trigger fail_opening before update on deliveries for each row
    when (old.status = ${waiting} and new.status = ${open}) execute function fail_opening()`);
}
const recover = () => t.deps.db.execute(sql`drop trigger fail_opening on deliveries`);

const row = async (id: number) => (await t.deps.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];
const recorded = async (eventId: string) =>
  (await t.deps.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId))).length;

describe('the payment webhook', () => {
  it('records and applies an event in one transaction: a failed apply is retried by the provider and applied', async () => {
    const booked = await call<{ data: { delivery: TDeliveryView; checkout_url: string } }>(
      t.app,
      'POST',
      '/api/dashboard/customer/deliveries',
      { token: customer, body },
    );
    expect(booked.status).toBe(201);
    const d = booked.body.data.delivery;
    expect(d.status_id).toBe(0);
    const eventId = `evt_seam_${d.id}`;
    const send = delivery(paidEvent(d.id, `cs_test_seam${sessions}`, eventId));

    await failOpening();
    const failed = await send();
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('simulated failure');
    // Nothing half done: not recorded, still waiting for the payment.
    expect(await recorded(eventId)).toBe(0);
    expect(await row(d.id)).toMatchObject({ status: DELIVERY_STATUS.waitingForPayment, paidAt: null });

    await recover();
    // The provider retries the same event with the same signature: applied now, once.
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ received: true, applied: true });
    expect(await recorded(eventId)).toBe(1);
    const opened = await row(d.id);
    expect(opened?.status).toBe(1);
    expect(opened?.paidAt).not.toBeNull();

    // A later replay of the same event applies nothing.
    expect((await send()).json()).toEqual({ received: true, applied: false });
  });

  it('refuses an event whose signature does not match its bytes, recording nothing', async () => {
    const payload = paidEvent(1, 'cs_test_forged', 'evt_forged');
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/public/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ message: 'Invalid webhook signature.' });
    expect(await recorded('evt_forged')).toBe(0);
  });
});
