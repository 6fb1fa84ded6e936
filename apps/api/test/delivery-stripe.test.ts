import { createServer, type Server } from 'node:http';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../src/db/schema.ts';
import { runRefundRetries } from '../src/modules/deliveries/delivery-refunds.ts';
import { call } from './helpers/http.ts';
import { appWithLoopbackStripe, cardDeliveryBody, paidDeliveryEvent } from './helpers/stripe-deliveries.ts';
import { createTestClock, type TTestApp } from './helpers/test-app.ts';
import { dataUrl, PNG_BYTES } from './helpers/upload-fixtures.ts';

/*
 * A delivery paid by card through the real stripe library, against a loopback stand-in for
 * api.stripe.com: the verified webhook opens bidding; a cancel refunds the payment in full, once,
 * and a refund the provider could not take is retried by the job.
 */

const WEBHOOK_SECRET = 'whsec_test_deliveries';
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const REASON = 'Plans changed, I no longer need this delivery.';

let t: TTestApp;
let stripeApi: Server;
let customer: string;
let labor: string;
const sessions: Record<string, string>[] = [];
const refundCalls: { body: Record<string, string>; key: string | undefined }[] = [];
let failRefunds = 0;
let failCheckouts = 0;
const stripe = new Stripe('sk_test_haulpro');

beforeAll(async () => {
  stripeApi = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const json = (status: number, v: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        if (failCheckouts > 0) {
          failCheckouts--;
          return json(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
        }
        sessions.push(params);
        const id = `cs_test_d${sessions.length}`;
        return json(200, { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` });
      }
      if (req.method === 'GET' && req.url?.startsWith('/v1/checkout/sessions/')) {
        const id = req.url.split('/').pop()?.split('?')[0];
        return json(200, { id, object: 'checkout.session', payment_intent: `pi_for_${id}` });
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        if (failRefunds > 0) {
          failRefunds--;
          return json(500, { error: { type: 'api_error', message: 'Stripe is down' } });
        }
        const key = req.headers['idempotency-key'];
        refundCalls.push({ body: params, key: typeof key === 'string' ? key : undefined });
        return json(200, { id: `re_${refundCalls.length}`, object: 'refund', amount: Number(params.amount) });
      }
      json(404, { error: { type: 'invalid_request_error', message: 'unknown' } });
    });
  });
  ({ t, customer, staff: labor } = await appWithLoopbackStripe(clock, stripeApi, WEBHOOK_SECRET));
});
afterAll(async () => {
  await t.close();
  stripeApi.close();
});

const body = cardDeliveryBody;

const paidEvent = paidDeliveryEvent;

const send = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });

async function paidDelivery(): Promise<TDeliveryView> {
  const r = await call<{ data: { delivery: TDeliveryView; checkout_url: string } }>(
    t.app,
    'POST',
    '/api/dashboard/customer/deliveries',
    { token: customer, body },
  );
  expect(r.status).toBe(201);
  const d = r.body.data.delivery;
  expect(d.status_id).toBe(0);
  expect(r.body.data.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  expect(sessions.at(-1)).toMatchObject({
    'metadata[delivery_id]': String(d.id),
    client_reference_id: `delivery-${d.id}`,
  });
  const sid = `cs_test_d${sessions.length}`;
  const ev = paidEvent(d.id, sid, `evt_paid_${d.id}`);
  expect((await send(ev)).json()).toEqual({ received: true, applied: true });
  expect((await send(ev)).json()).toEqual({ received: true, applied: false });
  return d;
}

describe('a delivery paid by card, booked with an Idempotency-Key', () => {
  type TBooked = { data: { delivery: TDeliveryView; checkout_url: string } };
  const bookWith = (key: string, b: Record<string, unknown> = body) =>
    call<TBooked>(t.app, 'POST', '/api/dashboard/customer/deliveries', {
      token: customer,
      body: b,
      headers: { 'idempotency-key': key },
    });
  const deliveryCount = async () => (await t.deps.db.select().from(deliveries)).length;

  it('a retry gets the same delivery and payment page, opened once', async () => {
    const opened = sessions.length;
    const first = await bookWith('d-card-key-1');
    expect(first.status).toBe(201);
    const again = await bookWith('d-card-key-1');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(sessions.length).toBe(opened + 1);
  });

  it('when the payment page cannot be opened: a 500 without the provider words, the photos stay, and the retry opens it for the same delivery', async () => {
    const before = await deliveryCount();
    const withPhoto = { ...body, item_photos: [dataUrl('image/png', PNG_BYTES)] };
    failCheckouts = 1;
    const failed = await bookWith('d-card-key-2', withPhoto);
    expect(failed.status).toBe(500);
    expect(JSON.stringify(failed.body)).not.toContain('No such price');
    expect(await deliveryCount()).toBe(before + 1);
    const retry = await bookWith('d-card-key-2', withPhoto);
    expect(retry.status).toBe(201);
    expect(retry.body.data.checkout_url).toBe(
      `https://checkout.stripe.com/c/pay/cs_test_d${sessions.length}`,
    );
    expect(retry.body.data.delivery.status_id).toBe(0);
    expect(await deliveryCount()).toBe(before + 1);
    const [row] = await t.deps.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, retry.body.data.delivery.id));
    expect(row?.paymentSessionId).toBe(`cs_test_d${sessions.length}`);
    // A third try answers with that same page.
    const third = await bookWith('d-card-key-2', withPhoto);
    expect(third.body.data.checkout_url).toBe(retry.body.data.checkout_url);
    // The photo written before the failed page is the delivery's, on disk and served.
    const [image] = retry.body.data.delivery.images;
    expect(image).toBeDefined();
    const file = await t.app.inject({ method: 'GET', url: image!.path });
    expect(file.statusCode).toBe(200);
  });
});

describe('a delivery paid by card', () => {
  it('opens for bidding when the verified webhook says paid', async () => {
    const d = await paidDelivery();
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.id, d.id));
    expect(row?.status).toBe(1);
    expect(row?.paidAt).not.toBeNull();
    const list = await call<{ data: TDeliveryView[] }>(t.app, 'GET', '/api/dashboard/deliveries?tab=new', {
      token: labor,
    });
    expect(list.body.data.map((x) => x.id)).toContain(d.id);
  });

  it('is refunded in full through Stripe when the customer cancels, with one idempotency key', async () => {
    const d = await paidDelivery();
    const c = await call<{ data: TDeliveryView }>(
      t.app,
      'POST',
      `/api/dashboard/customer/deliveries/${d.id}/cancel`,
      {
        token: customer,
        body: { reason: REASON },
      },
    );
    expect(c.status).toBe(200);
    expect(c.body.data.refund).toEqual({ status: 'refunded', amount: d.price });
    const call0 = refundCalls.at(-1)!;
    expect(call0.key).toBe(`delivery-${d.id}-refund`);
    expect(call0.body).toMatchObject({
      amount: String(Math.round(d.price * 100)),
      payment_intent: `pi_for_cs_test_d${sessions.length}`,
    });
  });

  it('a refund Stripe could not take stays pending and the job retries it', async () => {
    const d = await paidDelivery();
    failRefunds = 10; // the library retries once; both fail
    const c = await call<{ data: TDeliveryView }>(
      t.app,
      'POST',
      `/api/dashboard/customer/deliveries/${d.id}/cancel`,
      {
        token: customer,
        body: { reason: REASON },
      },
    );
    expect(c.status).toBe(200);
    expect(c.body.data.refund?.status).toBe('pending');
    failRefunds = 0;
    expect(await runRefundRetries(t.deps)).toBe(1);
    expect(await runRefundRetries(t.deps)).toBe(0);
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.id, d.id));
    expect(row).toMatchObject({ refundStatus: 'refunded', status: 3 });
    expect(refundCalls.filter((r) => r.key === `delivery-${d.id}-refund`)).toHaveLength(1);
  });
});
