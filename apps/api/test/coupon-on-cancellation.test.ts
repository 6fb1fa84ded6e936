import type { TPromoView, TReferralView } from '@haulpro/shared/referral';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, creditLedger } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { runAutoReject } from '../src/jobs/auto-reject.ts';
import { bookingBody } from './helpers/booking-body.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/*
 * A coupon on an order that ends unserved comes back, once (decision 026): cancelled by the
 * customer or the company, rejected by the company, expired by the deadline job. Its code is open
 * again for whoever holds it; a completed order spent it.
 */
type TOrder = { id: number; status_id: number; invoice: { coupon_discount: number } };

const clock = createTestClock(new Date('2026-11-23T18:00:00Z')); // Monday 10:00 in LA
const REASON = 'Our plans changed and we no longer need the move.';
let t: TTestApp;
let branchId: number;
let staff: string;
let customer: string;
let customerId: number;

async function book(coupon: string) {
  const r = await call<{ data: { order: TOrder } }>(t.app, 'POST', '/api/dashboard/customer/orders', {
    token: customer,
    body: bookingBody(branchId, { coupon }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.data.order.invoice.coupon_discount).toBe(20);
  return r.body.data.order;
}

async function newCoupon(): Promise<string> {
  await t.deps.db.insert(creditLedger).values({ userId: customerId, kind: 'referral', amountCents: 20_00 });
  const r = await call<{ data: TPromoView }>(t.app, 'POST', '/api/dashboard/customer/promos/generate', {
    token: customer,
    body: { amount: 20 },
  });
  expect(r.status).toBe(200);
  return r.body.data.coupon!;
}

const couponRow = async (code: string) =>
  (await t.deps.db.select().from(coupons).where(eq(coupons.code, code)))[0]!;
const balance = async () =>
  (await call<{ data: TReferralView }>(t.app, 'GET', '/api/dashboard/referrals', { token: customer })).body
    .data;

async function expectOpen(code: string) {
  expect(await couponRow(code)).toMatchObject({
    redeemedAt: null,
    redeemedOrderId: null,
    redeemedByUserId: null,
  });
  // The customer's page shows it again, and no credit was minted twice.
  const v = await balance();
  expect(v.coupon).toBe(code);
  expect(v.prices.available).toBe(0);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  const companyId = (await createCompany(db)).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true, serviceArea: 30 })).id;
  await addServicePrices(db, branchId, { helpersOnly: [100, 120, 160], withTrucks: [130, 170, 230] });
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const c = await createUser(db);
  customerId = c.id;
  customer = await tokenFor(db, c.id);
});
afterAll(() => t.close());

describe('a coupon on an order that ends unserved', () => {
  it('comes back when the customer cancels, and can be used again', async () => {
    const code = await newCoupon();
    const o = await book(code);
    expect(await couponRow(code)).toMatchObject({ redeemedOrderId: o.id, redeemedByUserId: customerId });
    const r = await call<{ data: TOrder }>(t.app, 'POST', `/api/dashboard/customer/orders/${o.id}/cancel`, {
      token: customer,
      body: { reason: REASON },
    });
    expect(r.status).toBe(200);
    await expectOpen(code);
    const again = await book(code.toLowerCase());
    expect(await couponRow(code)).toMatchObject({ redeemedOrderId: again.id });
  });

  it('comes back when the company rejects or cancels the order', async () => {
    const code = await newCoupon();
    const rejected = await book(code);
    expect(
      (await call(t.app, 'POST', `/api/dashboard/orders/${rejected.id}/reject`, { token: staff, body: {} }))
        .status,
    ).toBe(200);
    await expectOpen(code);

    const accepted = await book(code);
    expect(
      (await call(t.app, 'POST', `/api/dashboard/orders/${accepted.id}/accept`, { token: staff })).status,
    ).toBe(200);
    const cancelled = await call(t.app, 'POST', `/api/dashboard/orders/${accepted.id}/cancel`, {
      token: staff,
      body: { reason: REASON },
    });
    expect(cancelled.status).toBe(200);
    await expectOpen(code);
  });

  it('comes back once when the customer cancels and the company rejects at the same time', async () => {
    const code = await newCoupon();
    const o = await book(code);
    const [a, b] = await Promise.all([
      call(t.app, 'POST', `/api/dashboard/customer/orders/${o.id}/cancel`, {
        token: customer,
        body: { reason: REASON },
      }),
      call(t.app, 'POST', `/api/dashboard/orders/${o.id}/reject`, { token: staff, body: {} }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    await expectOpen(code);
    // Used on a new order, a second try at ending the first order gives nothing back.
    const next = await book(code);
    const late = await call(t.app, 'POST', `/api/dashboard/customer/orders/${o.id}/cancel`, {
      token: customer,
      body: { reason: REASON },
    });
    expect(late.status).toBe(409);
    expect(await couponRow(code)).toMatchObject({ redeemedOrderId: next.id });
    // Ending the new one gives it back once more: it was never served.
    await call(t.app, 'POST', `/api/dashboard/customer/orders/${next.id}/cancel`, {
      token: customer,
      body: { reason: REASON },
    });
    await expectOpen(code);
  });

  it('comes back when the company never answers and the deadline job rejects the order', async () => {
    const code = await newCoupon();
    const o = await book(code);
    clock.advance(3 * 24 * 3_600_000);
    expect(await runAutoReject(t.deps)).toBeGreaterThanOrEqual(1);
    const r = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/customer/orders/${o.id}`, {
      token: customer,
    });
    expect(r.body.data.status_id).toBe(3);
    await expectOpen(code);
  });
});
