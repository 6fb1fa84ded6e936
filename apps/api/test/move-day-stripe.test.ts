import { randomUUID } from 'node:crypto';
import { JOB_MSG, type TJobView } from '@haulpro/shared/move-day';
import { ORDER_STATUS } from '@haulpro/shared/order';
import type { TOrderView } from '@haulpro/shared/order-view';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyMovements, orders, payouts } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createStripeProvider } from '../src/payments/stripe-provider.ts';
import { bookingBody } from './helpers/booking-body.ts';
import { call } from './helpers/http.ts';
import { startLoopbackStripe } from './helpers/loopback-stripe.ts';
import { tokenFor } from './helpers/sessions.ts';
import { stripeFlow } from './helpers/stripe-flow.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { dataUrl, PNG_BYTES } from './helpers/upload-fixtures.ts';

/*
 * Move day's money (issue 28, decision 030) through the real stripe library against the loopback
 * Stripe double: a card move that ran over is charged its balance to the card saved at booking
 * (once, under `balance-order-N`), one that ran short is refunded the difference, a declined card
 * is a 422 that writes nothing and the crew can collect the balance in cash; the job's one
 * transfer carries the final numbers, and the books of every job balance.
 */

const WH = 'whsec_test_move_day';
const DAY = '2026-11-30';
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
let stripe: Awaited<ReturnType<typeof startLoopbackStripe>>;
let t: TTestApp;
let flow: ReturnType<typeof stripeFlow>;
let branchId: number;
let staff: string;
let customer: string;
let admin: string;

beforeAll(async () => {
  stripe = await startLoopbackStripe({ webhookSecret: WH, autoDeliver: false, clock: () => clock.now() });
  t = await createTestApp({
    clock,
    payments: createStripeProvider({ secretKey: 'sk_test_move_day', webhookSecret: WH, apiUrl: stripe.url }),
  });
  flow = stripeFlow(t, stripe);
  const db = t.deps.db;
  const companyId = (await createCompany(db, { name: 'Card Day Movers' })).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true, serviceArea: 30 })).id;
  await addServicePrices(db, branchId, { helpersOnly: [80, 120, 160], withTrucks: [130, 170, 230] });
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  admin = await tokenFor(db, (await createUser(db, { role: 'admin' })).id);
  clock.set(new Date('2026-11-23T18:00:00Z'));
  await flow.connect(staff);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const post = <T = { data: TJobView }>(url: string, token: string, body: unknown = {}) =>
  call<T>(t.app, 'POST', url, { token, body });

/** A card move of `hours` on DAY, paid through the double's Checkout and accepted, then worked from 16:00Z for `minutes`. */
async function workedCardOrder(hours: number, minutes: number): Promise<TOrderView> {
  clock.set(new Date('2026-11-23T18:00:00Z'));
  const r = await post<{ data: { order: TOrderView; checkout_url: string } }>(
    '/api/dashboard/customer/orders',
    customer,
    bookingBody(branchId, { payment_method: 'electronic', arrival_date: DAY, hours_count: hours }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  stripe.pay(new URL(r.body.data.checkout_url).pathname.split('/').pop()!);
  await flow.deliverNew();
  const o = r.body.data.order;
  expect((await post(`/api/dashboard/orders/${o.id}/accept`, staff)).status).toBe(200);
  const start = new Date(`${DAY}T16:00:00Z`).getTime();
  for (const [type, at] of [
    ['on_my_way', start - 30 * 60_000],
    ['arrived', start - 5 * 60_000],
    ['start', start],
    ['finish', start + minutes * 60_000],
  ] as const) {
    clock.set(new Date(at));
    const s = await post(`/api/dashboard/orders/${o.id}/job-events`, staff, {
      type,
      idempotency_key: randomUUID(),
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
  }
  return o;
}

const sign = (id: number, extra: Record<string, unknown> = {}) =>
  post<{ data: TJobView; work_order_url: string }>(`/api/dashboard/orders/${id}/sign`, staff, {
    signature: dataUrl('image/png', PNG_BYTES),
    ...extra,
  });

const rowOf = async (id: number) => (await t.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const movementsOf = (id: number) =>
  t.deps.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, id));

describe('the final bill of a card move', () => {
  it('charges the balance of a move that ran over to the saved card once, and transfers the final numbers', async () => {
    // Booked 2 h; worked 3 h 01 min → billed 3 h 15 min: 75 minutes at $80/h = $100 more.
    const o = await workedCardOrder(2, 181);
    const before = await rowOf(o.id);
    const offSession = stripe.created.payment_intents_off_session ?? 0;
    const both = await Promise.all([sign(o.id, { tip: 20 }), sign(o.id, { tip: 20 })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = both.find((r) => r.status === 200)!;
    expect(ok.body.data.bill).toMatchObject({ extra_minutes: 75, extra_time: 100, balance: 100 });
    expect(ok.body.data.balance_status).toBe('charged');
    // One balance charge and one tip charge, whatever the two phones did.
    expect((stripe.created.payment_intents_off_session ?? 0) - offSession).toBe(2);
    const row = await rowOf(o.id);
    expect(row).toMatchObject({
      status: ORDER_STATUS.completed,
      balanceStatus: 'charged',
      balanceAmount: 10000,
      tip: 2000,
    });
    expect(row.finalPrice).toBe(before.orderPrice + 10000);
    const moves = await movementsOf(o.id);
    expect(moves.filter((m) => m.idempotencyKey === `balance-order-${o.id}`)).toMatchObject([
      { kind: 'charge', amount: 10000 },
    ]);
    const [ledger] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(ledger).toMatchObject({ gross: before.orderPrice + 10000, tip: 2000, status: 'transferred' });
    await flow.deliverNew();
    expect((await flow.books(admin, '2026-11-01', '2026-12-31')).discrepancies).toEqual([]);
  });

  it('refunds what a move that ran short did not use, down to the minimum', async () => {
    // Booked 4 h (minimum 2 h); worked 2 h 20 min → billed 2 h 30 min: 90 minutes at $80/h = $120 back.
    const o = await workedCardOrder(4, 140);
    const r = await sign(o.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.bill).toMatchObject({ extra_minutes: -90, extra_time: -120, balance: -120 });
    const row = await rowOf(o.id);
    expect(row).toMatchObject({
      refundStatus: 'refunded',
      refundAmount: 12000,
      balanceStatus: 'refund_pending',
    });
    const seen = await call<{ data: TJobView }>(t.app, 'GET', `/api/dashboard/customer/orders/${o.id}/job`, {
      token: customer,
    });
    expect(seen.body.data.balance_status).toBe('refunded');
    const [ledger] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(ledger!.gross).toBe(row.orderPrice - 12000);
    await flow.deliverNew();
    expect((await flow.books(admin, '2026-11-01', '2026-12-31')).discrepancies).toEqual([]);
  });

  it('answers a declined card with a 422 that writes nothing; the crew then collects the balance in cash', async () => {
    const o = await workedCardOrder(2, 200);
    stripe.declineNextOffSession();
    const declined = await sign(o.id);
    expect(declined).toMatchObject({ status: 422, body: { errors: { balance: [JOB_MSG.balanceDeclined] } } });
    expect((await rowOf(o.id)).status).toBe(ORDER_STATUS.beingCompleted);
    const cash = await sign(o.id, { collect_cash: true });
    expect(cash.status, JSON.stringify(cash.body)).toBe(200);
    const row = await rowOf(o.id);
    expect(row).toMatchObject({ status: ORDER_STATUS.completed, balanceStatus: 'cash' });
    const [ledger] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    // The cash stays with the company: the platform transfers what the card paid.
    expect(ledger!.gross).toBe(row.paidAmount);
    await flow.deliverNew();
    expect((await flow.books(admin, '2026-11-01', '2026-12-31')).discrepancies).toEqual([]);
  });
});
