import { CANCELLATION_MSG, DEFAULT_CANCELLATION_POLICY } from '@haulpro/shared/cancellation';
import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { ORDER_STATUS } from '@haulpro/shared/order';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, orders } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import type { TPaymentProvider } from '../src/payments/payment-provider.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/*
 * The late-cancellation policy (decision 029): the company's setting, the public page, the
 * customer's previews and the cancel writing the same numbers.
 */

const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const REASON = 'Plans changed and we no longer need the move.';
// An 8-9 window on 2026-11-30 in Los Angeles (PST) starts at 16:00 UTC.
const WINDOW = new Date('2026-11-30T16:00:00Z');
const before = (minutes: number) => clock.set(new Date(WINDOW.getTime() - minutes * 60_000));

const refunds: { key: string; amount: number }[] = [];
const payments: TPaymentProvider = {
  name: 'stripe',
  async createCheckout(r) {
    return { sessionId: `cs_test_${r.kind}_${r.orderId}`, url: `https://pay.test/${r.orderId}` };
  },
  async refund(r) {
    refunds.push({ key: r.idempotencyKey, amount: r.amountCents });
    return { refundId: `re_${r.idempotencyKey}` };
  },
  async verifyWebhook() {
    throw new Error('not used here');
  },
  // Payouts are payouts-stripe.test.ts's business: no provider here has a connected account.
  createAccount: () => Promise.reject(new Error('not used here')),
  accountLink: () => Promise.reject(new Error('not used here')),
  chargeSavedCard: () => Promise.reject(new Error('not used here')),
  transfer: () => Promise.reject(new Error('not used here')),
  reverseTransfer: () => Promise.reject(new Error('not used here')),
};

let t: TTestApp;
let staff: string;
let otherStaff: string;
let customer: string;
let otherCustomer: string;
let labor: string;
let laborId: number;
let companyId: number;
let branchId: number;
let customerId: number;
let slug: string;

beforeAll(async () => {
  t = await createTestApp({ clock, payments });
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Demo Movers' })).id;
  const b = await createBranchAtZip(db, '90001', { companyId, name: 'Policy Main', isMain: true });
  branchId = b.id;
  slug = b.slug;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const other = await createCompany(db);
  otherStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: other.id })).id);
  const c = await createUser(db, { role: 'customer' });
  customerId = c.id;
  customer = await tokenFor(db, c.id);
  otherCustomer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  const l = await createUser(db, { role: 'labor', firstName: 'Lee', lastName: 'Helper' });
  laborId = l.id;
  labor = await tokenFor(db, l.id);
});
afterAll(() => t.close());

/** A $400 order arriving 2026-11-30 8-9, accepted and paid by card unless told. */
async function order(status: number = ORDER_STATUS.accepted, card = true) {
  const o = await createOrder(t.deps.db, {
    customerId,
    companyId,
    branchId,
    status: status as typeof ORDER_STATUS.accepted,
    arrivalDate: '2026-11-30',
    totalCents: 40_000,
  });
  if (card)
    await t.deps.db
      .update(orders)
      .set({ paidAt: new Date('2026-11-20T00:00:00Z'), paidAmount: 40_000, paymentMethod: 'electronic' })
      .where(eq(orders.id, o.id));
  return o.id;
}

const address = {
  address: '1 Main St',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: '90001',
  type_property: 'Home',
  flights_of_stairs: 0,
};

/** A $100 delivery on 2026-11-30 8-9, accepted by the company (or a labor user), paid by card. */
async function delivery(acceptor: 'company' | 'labor' | null = 'company', card = true) {
  const [d] = await t.deps.db
    .insert(deliveries)
    .values({
      customerId,
      status: acceptor ? DELIVERY_STATUS.accepted : DELIVERY_STATUS.new,
      itemsName: 'Sofa',
      vehicleType: 2,
      pickup: address,
      destination: address,
      pickupLatitude: 33.97,
      pickupLongitude: -118.25,
      distanceMiles: 3,
      arrivalDate: '2026-11-30',
      arrivalTime: '8-9',
      timeZone: 'America/Los_Angeles',
      biddingDeadline: new Date('2026-11-29T00:00:00Z'),
      phone: '+1 (213) - 555 - 0102',
      basePrice: 9000,
      originalPrice: 9000,
      systemFee: 1000,
      totalPrice: 10_000,
      paymentMethod: card ? 'electronic' : 'cash',
      ...(card
        ? { paidAt: new Date('2026-11-20T00:00:00Z'), paymentSessionId: `cs_policy_${Math.random()}` }
        : {}),
      ...(acceptor === 'labor' ? { acceptorUserId: laborId } : {}),
      ...(acceptor === 'company' ? { acceptorCompanyId: companyId, acceptorBranchId: branchId } : {}),
    })
    .returning();
  return d!.id;
}

type TPreview = {
  fee: number;
  refund: number;
  tier: { hours_before: number; percent: number } | null;
  provider_name: string | null;
};
const preview = (kind: 'orders' | 'deliveries', id: number, token = customer) =>
  call<{ data: TPreview; message?: string }>(
    t.app,
    'GET',
    `/api/dashboard/customer/${kind}/${id}/cancel-preview`,
    {
      token,
    },
  );
const cancel = (path: string, token: string) =>
  call<{ data: { cancellation_fee: number; refund_amount: number | null } }>(t.app, 'POST', path, {
    token,
    body: { reason: REASON },
  });
const policy = (token: string, body?: unknown) =>
  call<{
    data: { tiers: { hours_before: number; percent: number }[]; is_default: boolean };
    errors?: Record<string, string[]>;
  }>(t.app, body === undefined ? 'GET' : 'PUT', '/api/dashboard/cancellation-policy', {
    token,
    ...(body === undefined ? {} : { body }),
  });

describe('the company sets its policy', () => {
  it('answers the default until the company saves its own; customers and labor may not', async () => {
    const r = await policy(staff);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ tiers: DEFAULT_CANCELLATION_POLICY, is_default: true });
    expect((await policy(customer)).status).toBe(403);
    expect((await policy(labor)).status).toBe(403);
    expect((await policy(customer, { tiers: [] })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/dashboard/cancellation-policy')).status).toBe(401);
  });

  it('refuses bad tiers with our words on the fields', async () => {
    const bad = await policy(staff, { tiers: [{ hours_before: 800, percent: 101 }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'tiers.0.hours_before': [CANCELLATION_MSG.hours],
      'tiers.0.percent': [CANCELLATION_MSG.percent],
    });
    const order = await policy(staff, {
      tiers: [
        { hours_before: 48, percent: 50 },
        { hours_before: 24, percent: 10 },
      ],
    });
    expect(order.status).toBe(422);
    expect(order.body.errors).toEqual({ 'tiers.1.percent': [CANCELLATION_MSG.nearerKeepsLess] });
    const missing = await policy(staff, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ tiers: [CANCELLATION_MSG.tiersRequired] });
  });

  it('saves tiers sorted; the default tiers save as the default; another company is untouched', async () => {
    const r = await policy(staff, {
      tiers: [
        { hours_before: 0, percent: 100 },
        { hours_before: 72, percent: 10 },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      tiers: [
        { hours_before: 72, percent: 10 },
        { hours_before: 0, percent: 100 },
      ],
      is_default: false,
    });
    expect((await policy(otherStaff)).body.data.is_default).toBe(true);
    const page = await call<{ data: { cancellation_policy: unknown } }>(
      t.app,
      'GET',
      `/api/public/branches/${slug}`,
    );
    expect(page.body.data.cancellation_policy).toEqual(r.body.data.tiers);
    const back = await policy(staff, { tiers: DEFAULT_CANCELLATION_POLICY });
    expect(back.body.data.is_default).toBe(true);
    expect((await policy(staff)).body.data).toEqual({ tiers: DEFAULT_CANCELLATION_POLICY, is_default: true });
  });

  it('the public page carries the default when the company has none', async () => {
    const page = await call<{ data: { cancellation_policy: unknown } }>(
      t.app,
      'GET',
      `/api/public/branches/${slug}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.data.cancellation_policy).toEqual(DEFAULT_CANCELLATION_POLICY);
  });
});

describe('an order cancelled by the customer', () => {
  it('48:00 before the window is free; 47:59 keeps 25 % — preview and cancel agree', async () => {
    const free = await order();
    before(48 * 60);
    expect((await preview('orders', free)).body.data).toEqual({
      fee: 0,
      refund: 400,
      tier: null,
      provider_name: 'Demo Movers',
    });
    const late = await order();
    before(48 * 60 - 1);
    const p = await preview('orders', late);
    expect(p.status).toBe(200);
    expect(p.body.data).toEqual({
      fee: 100,
      refund: 300,
      tier: { hours_before: 48, percent: 25 },
      provider_name: 'Demo Movers',
    });
    const c = await cancel(`/api/dashboard/customer/orders/${late}/cancel`, customer);
    expect(c.status).toBe(200);
    expect(c.body.data).toMatchObject({ cancellation_fee: 100, refund_amount: 300 });
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, late));
    expect(row).toMatchObject({ cancellationFee: 10_000, refundStatus: 'pending', refundAmount: 30_000 });
  });

  it('23:59 before keeps 50 %; from the window start on, 100 %', async () => {
    const id = await order();
    before(24 * 60 - 1);
    expect((await preview('orders', id)).body.data).toMatchObject({ fee: 200, refund: 200 });
    before(0);
    expect((await preview('orders', id)).body.data).toMatchObject({ fee: 400, refund: 0 });
    before(-5);
    const c = await cancel(`/api/dashboard/customer/orders/${id}/cancel`, customer);
    expect(c.body.data).toMatchObject({ cancellation_fee: 400, refund_amount: 0 });
    // Nothing goes back: no refund is owed to the provider.
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({
      cancellationFee: 40_000,
      refundStatus: 'nothing_to_refund',
      refundAmount: 0,
    });
  });

  it('a new (not accepted) order and a cash order are free', async () => {
    before(60);
    const fresh = await order(ORDER_STATUS.new);
    expect((await preview('orders', fresh)).body.data).toMatchObject({ fee: 0, refund: 400, tier: null });
    const cash = await order(ORDER_STATUS.accepted, false);
    expect((await preview('orders', cash)).body.data).toMatchObject({ fee: 0, refund: 0, tier: null });
    const c = await cancel(`/api/dashboard/customer/orders/${cash}/cancel`, customer);
    expect(c.body.data).toMatchObject({ cancellation_fee: 0, refund_amount: 0 });
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, cash));
    expect(row).toMatchObject({ cancellationFee: 0, refundStatus: 'nothing_to_refund' });
  });

  it('the company cancelling a paid order refunds everything, even late', async () => {
    const id = await order();
    before(30);
    const c = await cancel(`/api/dashboard/orders/${id}/cancel`, staff);
    expect(c.status).toBe(200);
    expect(c.body.data).toMatchObject({ cancellation_fee: 0, refund_amount: 400 });
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ cancellationFee: 0, refundStatus: 'pending', refundAmount: 40_000 });
  });

  it("another customer's order is a 404; a cancelled order is a 409", async () => {
    const id = await order();
    before(60 * 60);
    expect((await preview('orders', id, otherCustomer)).status).toBe(404);
    expect((await preview('orders', id, staff)).status).toBe(403);
    await cancel(`/api/dashboard/customer/orders/${id}/cancel`, customer);
    expect((await preview('orders', id)).status).toBe(409);
  });
});

describe('a delivery cancelled by the customer', () => {
  it("the acceptor company's tiers: 48:00 free, 47:59 25 %, the cancel writes the same", async () => {
    const free = await delivery();
    before(48 * 60);
    expect((await preview('deliveries', free)).body.data).toEqual({
      fee: 0,
      refund: 100,
      tier: null,
      provider_name: 'Demo Movers',
    });
    const late = await delivery();
    before(48 * 60 - 1);
    expect((await preview('deliveries', late)).body.data).toMatchObject({ fee: 25, refund: 75 });
    const c = await cancel(`/api/dashboard/customer/deliveries/${late}/cancel`, customer);
    expect(c.status).toBe(200);
    expect(c.body.data).toMatchObject({ cancellation_fee: 25, refund_amount: 75 });
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.id, late));
    expect(row).toMatchObject({ cancellationFee: 2500, refundAmount: 7500 });
    expect(refunds.find((r) => r.key === `delivery-${late}-refund`)?.amount).toBe(7500);
  });

  it('a labor acceptor: the default tiers under their name; an open delivery and cash are free', async () => {
    const d = await delivery('labor');
    before(30 * 60);
    expect((await preview('deliveries', d)).body.data).toEqual({
      fee: 25,
      refund: 75,
      tier: { hours_before: 48, percent: 25 },
      provider_name: 'Lee Helper',
    });
    const open = await delivery(null);
    expect((await preview('deliveries', open)).body.data).toMatchObject({ fee: 0, refund: 100, tier: null });
    const cash = await delivery('company', false);
    expect((await preview('deliveries', cash)).body.data).toMatchObject({ fee: 0, refund: 0, tier: null });
    expect((await preview('deliveries', d, otherCustomer)).status).toBe(404);
  });
});
