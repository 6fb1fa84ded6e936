import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import type { TOrderView } from '@haulpro/shared/order-view';
import type { TPayoutAccount, TPayoutsView, TReconciliation } from '@haulpro/shared/payouts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, laborProfiles, moneyMovements, orders, payouts } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { runPayoutTransfers } from '../src/jobs/payout-transfers.ts';
import { createStripeProvider } from '../src/payments/stripe-provider.ts';
import { bookingBody } from './helpers/booking-body.ts';
import { call } from './helpers/http.ts';
import { startLoopbackStripe } from './helpers/loopback-stripe.ts';
import { tokenFor } from './helpers/sessions.ts';
import { cardDeliveryBody } from './helpers/stripe-deliveries.ts';
import { stripeFlow } from './helpers/stripe-flow.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { PDF_BYTES } from './helpers/upload-fixtures.ts';

/*
 * Money reaches the people who do the work (issue 27, decision 028), through the real stripe
 * library against the loopback Stripe double: a card order and a card delivery from booking to
 * `paid_out` with every webhook signed, replayed twice and delivered out of order; one transfer
 * for twenty concurrent confirmations and for a retry after Stripe was down; tips; a dispute;
 * and the books of every job balance.
 */

const WH = 'whsec_test_payouts';
const WH_CONNECT = 'whsec_test_payouts_connect';
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
let stripe: Awaited<ReturnType<typeof startLoopbackStripe>>;
let t: TTestApp;
let branchId: number;
let companyId: number;
let staff: string;
let customer: string;
let labor: string;
let admin: string;

beforeAll(async () => {
  stripe = await startLoopbackStripe({
    webhookSecret: WH,
    connectWebhookSecret: WH_CONNECT,
    autoDeliver: false,
    // Stripe and Haulpro agree on the time: the double's clock is the test's.
    clock: () => clock.now(),
  });
  t = await createTestApp({
    clock,
    payments: createStripeProvider({
      secretKey: 'sk_test_payouts',
      webhookSecret: WH,
      connectWebhookSecret: WH_CONNECT,
      apiUrl: stripe.url,
    }),
  });
  steps = flow();
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Paid Movers' })).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true, serviceArea: 30 })).id;
  await addServicePrices(db, branchId, { helpersOnly: [80, 120, 160], withTrucks: [130, 170, 230] });
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  const helper = await createUser(db, { role: 'labor' });
  await db.insert(laborProfiles).values({
    userId: helper.id,
    zipCode: '90011',
    latitude: 34.0073,
    longitude: -118.2587,
    serviceArea: 40,
  });
  labor = await tokenFor(db, helper.id);
  admin = await tokenFor(db, (await createUser(db, { role: 'admin' })).id);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const post = (url: string, token: string, body?: unknown) =>
  call(t.app, 'POST', url, { token, body: body ?? {} });

/** Stripe's events signed and sent (new ones last first, each replayed twice); the books (stripe-flow.ts). */
const flow = () => stripeFlow(t, stripe);
let steps: ReturnType<typeof stripeFlow>;
const send = (event: (typeof stripe.events)[number]) => steps.send(event);
const deliverNew = () => steps.deliverNew();

const accountOf = async (token: string) =>
  (await call<{ data: TPayoutAccount }>(t.app, 'GET', '/api/dashboard/payout-account', { token })).body.data;
const ledgerOf = async (token: string) =>
  (await call<TPayoutsView>(t.app, 'GET', '/api/dashboard/payouts?period=week', { token })).body;

/** Connects the caller's payout account through the Account Link and Stripe's onboarding. */
async function connect(token: string): Promise<string> {
  const link = await call<{ data: { url: string } }>(t.app, 'POST', '/api/dashboard/payout-account/link', {
    token,
    body: {},
  });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const acct = new URL(link.body.data.url).pathname.split('/').pop()!;
  stripe.requireInformation(acct, ['external_account']);
  await deliverNew();
  expect(await accountOf(token)).toMatchObject({
    status: 'needs_information',
    requirements: ['external_account'],
  });
  stripe.completeOnboarding(acct);
  await deliverNew();
  expect(await accountOf(token)).toEqual({ status: 'active', requirements: [], card_payouts: true });
  return acct;
}

/** A card order booked on `day` and paid through the double's Checkout (its webhooks delivered). */
async function bookPaidCardOrder(day: string): Promise<TOrderView> {
  clock.set(new Date('2026-11-23T18:00:00Z'));
  const r = await call<{ data: { order: TOrderView; checkout_url: string } }>(
    t.app,
    'POST',
    '/api/dashboard/customer/orders',
    { token: customer, body: bookingBody(branchId, { payment_method: 'electronic', arrival_date: day }) },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  stripe.pay(new URL(r.body.data.checkout_url).pathname.split('/').pop()!);
  await deliverNew();
  return r.body.data.order;
}

/** A card order booked, paid, accepted, and done by the company on the move day. */
async function cardOrderReadyToConfirm(day = '2026-11-30'): Promise<TOrderView> {
  const o = await bookPaidCardOrder(day);
  expect((await post(`/api/dashboard/orders/${o.id}/accept`, staff)).status).toBe(200);
  clock.set(new Date(`${day}T20:00:00Z`));
  expect((await post(`/api/dashboard/orders/${o.id}/complete`, staff)).status).toBe(200);
  return o;
}

/** A card delivery booked for `day`, paid, accepted by the helper, Get Paid, approved by the admin. */
async function cardDeliveryReadyToConfirm(day: string): Promise<TDeliveryView> {
  clock.set(new Date('2026-11-23T18:00:00Z'));
  const booked = await call<{ data: { delivery: TDeliveryView; checkout_url: string } }>(
    t.app,
    'POST',
    '/api/dashboard/customer/deliveries',
    { token: customer, body: { ...cardDeliveryBody, arrival_date: day } },
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = booked.body.data.delivery.id;
  stripe.pay(new URL(booked.body.data.checkout_url).pathname.split('/').pop()!);
  await deliverNew();
  expect((await post(`/api/dashboard/deliveries/${id}/accept`, labor)).status).toBe(200);
  clock.set(new Date(`${day}T20:00:00Z`));
  expect(await getPaid(id), 'Get Paid').toBe(200);
  const queue = await call<{ data: { id: number; delivery_id: number }[] }>(
    t.app,
    'GET',
    '/api/admin/payouts',
    {
      token: admin,
    },
  );
  const item = queue.body.data.find((x) => x.delivery_id === id)!;
  expect((await post(`/api/admin/payouts/${item.id}/approve`, admin)).status).toBe(200);
  return booked.body.data.delivery;
}

const books = (): Promise<TReconciliation> => steps.books(admin, '2026-11-01', '2026-12-31');

describe('a card order, from booking to paid out', () => {
  it('waits for the company account, transfers once it is active, and is paid out with its tip', async () => {
    const o = await cardOrderReadyToConfirm();
    const done = await post(`/api/dashboard/customer/orders/${o.id}/complete`, customer, { tip: 25.5 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(stripe.created.payment_intents_off_session ?? stripe.created.payment_intents).toBeGreaterThan(0);
    let [row] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(row).toMatchObject({ status: 'waiting_for_account', tip: 2550 });
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row!.gross).toBe(order!.orderPrice);
    expect(row!.platformFee).toBe(Math.round(order!.orderPrice / 10));
    expect(row!.net).toBe(row!.gross - row!.platformFee + 2550);
    expect((await ledgerOf(staff)).data[0]).toMatchObject({
      status_label: 'Waiting for your payout account',
    });

    const acct = await connect(staff);
    [row] = await settled(o.id, (p) => p.status === 'transferred');
    expect(row).toMatchObject({ status: 'transferred', stripeAccountId: acct });
    expect(stripe.state.transfers.get(row!.transferId!)).toMatchObject({
      amount: row!.net,
      destination: acct,
    });

    stripe.payout(acct);
    await deliverNew();
    [row] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(row!.status).toBe('paid_out');
    const ledger = await ledgerOf(staff);
    expect(ledger.data.find((p) => p.order_id === o.id)).toMatchObject({ status: 'paid_out', tip: 25.5 });
    expect(ledger.totals.paid_out).toBeGreaterThan(0);
    expect((await books()).discrepancies).toEqual([]);
  });

  it('twenty concurrent confirmations of one job: one 200, one tip charge, one transfer', async () => {
    const o = await cardOrderReadyToConfirm('2026-12-01');
    const transfersBefore = stripe.created.transfers ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(`/api/dashboard/customer/orders/${o.id}/complete`, customer, { tip: 10 }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect((stripe.created.transfers ?? 0) - transfersBefore).toBe(1);
    const tips = await t.deps.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, o.id));
    expect(tips.filter((m) => m.kind === 'tip_charge')).toHaveLength(1);
    expect(tips.filter((m) => m.kind === 'transfer')).toHaveLength(1);
  });

  it('a transfer Stripe could not take is retried with the same key and makes one transfer', async () => {
    const o = await cardOrderReadyToConfirm('2026-12-02');
    const before = stripe.created.transfers ?? 0;
    stripe.failNext('transfers', 4);
    expect((await post(`/api/dashboard/customer/orders/${o.id}/complete`, customer)).status).toBe(200);
    let [row] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(row).toMatchObject({ status: 'pending' });
    expect(row!.lastError).toMatch(/retry/);
    // Not before its next attempt; then the runner sends it.
    clock.set(new Date(clock.now().getTime() + 2 * 3_600_000));
    await runPayoutTransfers(servicesOf(t));
    clock.set(new Date(clock.now().getTime() + 2 * 3_600_000));
    await runPayoutTransfers(servicesOf(t));
    [row] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(row!.status).toBe('transferred');
    expect((stripe.created.transfers ?? 0) - before).toBe(1);
    expect(
      stripe.requests.filter((r) => r.idempotencyKey === `transfer-order-${o.id}`).length,
    ).toBeGreaterThan(1);
  });

  it('a booking that saved no card pays its tip through its own Checkout; the transfer waits for it', async () => {
    const o = await cardOrderReadyToConfirm('2026-12-05');
    await t.deps.db.update(orders).set({ stripeCustomerId: null }).where(eq(orders.id, o.id));
    const done = await call<{ tip_checkout_url: string | null }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${o.id}/complete`,
      { token: customer, body: { tip: 15 } },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.tip_checkout_url).toContain('/checkout/');
    let [row] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(row).toMatchObject({ status: 'pending', tip: 0, nextAttemptAt: null });
    await runPayoutTransfers(servicesOf(t));
    expect((await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id)))[0]!.status).toBe(
      'pending',
    );
    stripe.pay(new URL(done.body.tip_checkout_url!).pathname.split('/').pop()!);
    await deliverNew();
    [row] = await settled(o.id, (p) => p.status === 'transferred');
    expect(row).toMatchObject({ status: 'transferred', tip: 1500, tipSessionId: null });
    expect(stripe.state.transfers.get(row!.transferId!)?.amount).toBe(row!.net);
    expect((await books()).discrepancies).toEqual([]);
  });

  it('refuses a bad tip with a 422 on tip and changes nothing', async () => {
    const o = await cardOrderReadyToConfirm('2026-12-03');
    for (const tip of [-1, 'ten', 1_000_000, 12.345])
      expect((await post(`/api/dashboard/customer/orders/${o.id}/complete`, customer, { tip })).status).toBe(
        422,
      );
    const tooMuch = await call<{ errors: Record<string, string[]> }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${o.id}/complete`,
      { token: customer, body: { tip: o.order_price + 1 } },
    );
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.tip).toEqual(['Tip can be at most the price of the job.']);
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row!.status).toBe(7);
    expect(await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id))).toEqual([]);
  });

  it('a dispute takes the transfer back and the books still balance', async () => {
    const o = await cardOrderReadyToConfirm('2026-12-04');
    expect((await post(`/api/dashboard/customer/orders/${o.id}/complete`, customer)).status).toBe(200);
    const [row] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(row!.status).toBe('transferred');
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));
    stripe.dispute(order!.paymentIntentId!, 5_000);
    await deliverNew();
    const [after] = await settled(o.id, (p) => p.reversalOwed === 0 && p.reversed > 0);
    expect(after).toMatchObject({ reversed: 5_000, reversalOwed: 0 });
    expect((await books()).discrepancies).toEqual([]);
  });
});

describe('a late cancellation', () => {
  it('refunds the card less the fee, transfers the fee to the company, and the books balance', async () => {
    const id = (await bookPaidCardOrder('2026-12-07')).id;
    expect((await post(`/api/dashboard/orders/${id}/accept`, staff)).status).toBe(200);
    // 8-9 am on Dec 7 in Los Angeles starts at 16:00 UTC: 47:59 before it is the 25 % tier.
    clock.set(new Date(Date.parse('2026-12-07T16:00:00Z') - (47 * 60 + 59) * 60_000));
    const preview = await call<{ data: { fee: number; refund: number } }>(
      t.app,
      'GET',
      `/api/dashboard/customer/orders/${id}/cancel-preview`,
      { token: customer },
    );
    const [o] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
    const fee = Math.round(o!.orderPrice / 4);
    expect(preview.body.data).toMatchObject({ fee: fee / 100, refund: (o!.orderPrice - fee) / 100 });
    const cancel = await post(`/api/dashboard/customer/orders/${id}/cancel`, customer, {
      reason: 'Our building manager cancelled the elevator booking for that day.',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const refund = [...stripe.state.refunds.values()].find((x) => x.payment_intent === o!.paymentIntentId);
    expect(refund?.amount).toBe(o!.orderPrice - fee);
    const [row] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, id));
    expect(row).toMatchObject({ status: 'transferred', gross: 0, cancellationFee: fee, net: fee });
    expect(stripe.state.transfers.get(row!.transferId!)?.amount).toBe(fee);
    const [after] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
    expect(after).toMatchObject({ refundStatus: 'refunded', refundAmount: o!.orderPrice - fee });
    expect((await books()).discrepancies).toEqual([]);
  });

  it('a company that cancels after accepting refunds everything and keeps nothing', async () => {
    const id = (await bookPaidCardOrder('2026-12-08')).id;
    expect((await post(`/api/dashboard/orders/${id}/accept`, staff)).status).toBe(200);
    clock.set(new Date('2026-12-08T10:00:00Z'));
    const cancel = await post(`/api/dashboard/orders/${id}/cancel`, staff, {
      reason: 'Our truck broke down and no other crew is free on that day.',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const [o] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({ refundStatus: 'refunded', refundAmount: o!.orderPrice, cancellationFee: 0 });
    expect(await t.deps.db.select().from(payouts).where(eq(payouts.orderId, id))).toEqual([]);
    expect((await books()).discrepancies).toEqual([]);
  });
});

describe('a card delivery, from booking to paid out', () => {
  it("goes to the helper's account after the admin's approval and the customer's confirmation", async () => {
    clock.set(new Date('2026-11-23T18:00:00Z'));
    const acct = await connect(labor);
    const { id } = await cardDeliveryReadyToConfirm('2026-11-26');
    const confirmed = await post(`/api/dashboard/customer/deliveries/${id}/complete`, customer, { tip: 5 });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    let [row] = await t.deps.db.select().from(payouts).where(eq(payouts.deliveryId, id));
    expect(row).toMatchObject({ status: 'transferred', stripeAccountId: acct });
    expect(row!.net).toBe(row!.gross - row!.platformFee + row!.tip);
    stripe.payout(acct);
    await deliverNew();
    [row] = await t.deps.db.select().from(payouts).where(eq(payouts.deliveryId, id));
    expect(row!.status).toBe('paid_out');
    const ledger = await ledgerOf(labor);
    expect(ledger.data[0]).toMatchObject({ delivery_id: id, status: 'paid_out', status_label: 'Paid out' });
    expect((await books()).discrepancies).toEqual([]);
  });
});

describe('a card delivery whose booking saved no card', () => {
  it('pays its tip through its own Checkout, and the one transfer carries it', async () => {
    const d = await cardDeliveryReadyToConfirm('2026-11-28');
    await t.deps.db.update(deliveries).set({ stripeCustomerId: null }).where(eq(deliveries.id, d.id));
    const done = await call<{ tip_checkout_url: string | null }>(
      t.app,
      'POST',
      `/api/dashboard/customer/deliveries/${d.id}/complete`,
      { token: customer, body: { tip: 7 } },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.tip_checkout_url).toContain('/checkout/');
    let [row] = await t.deps.db.select().from(payouts).where(eq(payouts.deliveryId, d.id));
    expect(row).toMatchObject({ status: 'pending', nextAttemptAt: null });
    const tipBefore = row!.tip;
    stripe.pay(new URL(done.body.tip_checkout_url!).pathname.split('/').pop()!);
    await deliverNew();
    for (let i = 0; i < 50 && row!.status !== 'transferred'; i++) {
      await runPayoutTransfers(servicesOf(t));
      [row] = await t.deps.db.select().from(payouts).where(eq(payouts.deliveryId, d.id));
      if (row!.status !== 'transferred') await new Promise((r) => setTimeout(r, 100));
    }
    expect(row).toMatchObject({ status: 'transferred', tip: tipBefore + 700, tipSessionId: null });
    expect(stripe.state.transfers.get(row!.transferId!)?.amount).toBe(row!.net);
    expect((await books()).discrepancies).toEqual([]);
  });
});

describe('a late cancellation of a card delivery', () => {
  it("refunds the rest and transfers the fee to the helper's account", async () => {
    clock.set(new Date('2026-11-23T18:00:00Z'));
    const booked = await call<{ data: { delivery: TDeliveryView; checkout_url: string } }>(
      t.app,
      'POST',
      '/api/dashboard/customer/deliveries',
      { token: customer, body: { ...cardDeliveryBody, arrival_date: '2026-11-27' } },
    );
    const id = booked.body.data.delivery.id;
    stripe.pay(new URL(booked.body.data.checkout_url).pathname.split('/').pop()!);
    await deliverNew();
    expect((await post(`/api/dashboard/deliveries/${id}/accept`, labor)).status).toBe(200);
    // 9-10 am on Nov 27 in Los Angeles starts at 17:00 UTC: 23:59 before it is the 50 % tier.
    clock.set(new Date(Date.parse('2026-11-27T17:00:00Z') - (23 * 60 + 59) * 60_000));
    const cancel = await post(`/api/dashboard/customer/deliveries/${id}/cancel`, customer, {
      reason: 'The store is delivering it for free after all, sorry about that.',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const [row] = await t.deps.db.select().from(payouts).where(eq(payouts.deliveryId, id));
    expect(row).toMatchObject({ status: 'transferred', gross: 0, net: row!.cancellationFee });
    expect(row!.cancellationFee).toBeGreaterThan(0);
    const total = Math.round(booked.body.data.delivery.invoice.total_price * 100);
    expect(row!.cancellationFee).toBe(Math.round(total / 2));
    const refund = [...stripe.state.refunds.values()].at(-1);
    expect(refund?.amount).toBe(total - row!.cancellationFee);
    expect((await books()).discrepancies).toEqual([]);
  });
});

describe('Connect events', () => {
  it('an older account.updated arriving late changes nothing; an unknown account is ignored', async () => {
    const before = await accountOf(staff);
    expect(before.status).toBe('active');
    const stale = stripe.events.find((e) => e.type === 'account.updated')!;
    await send(stale);
    expect((await accountOf(staff)).status).toBe('active');
  });

  it('rejects an event signed with another secret', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/public/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
      payload: JSON.stringify(stripe.events[0]),
    });
    expect(r.statusCode).toBe(400);
  });
});

/** The helper's Get Paid: the signed letter as a file (multipart). */
async function getPaid(id: number): Promise<number> {
  const boundary = '----haulpro-payouts';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="letter.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF_BYTES,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/dashboard/deliveries/${id}/complete`,
    headers: {
      authorization: `Bearer ${labor}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return r.statusCode;
}

/**
 * The order's ledger row once `done` holds: the job runner runs until then (a webhook's own
 * settle may hold the row's lease for a moment; the runner then finds it sent).
 */
async function settled(orderId: number, done: (p: typeof payouts.$inferSelect) => boolean) {
  for (let i = 0; i < 50; i++) {
    await runPayoutTransfers(servicesOf(t));
    const rows = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    if (rows[0] && done(rows[0])) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  return t.deps.db.select().from(payouts).where(eq(payouts.orderId, orderId));
}

function servicesOf(app: TTestApp) {
  return app.services;
}
