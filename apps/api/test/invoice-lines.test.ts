import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, creditLedger, orders, users } from '../src/db/schema.ts';
import { seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { bookingBody } from './helpers/booking-body.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/*
 * Every invoice's lines sum to its total (issue 26: the probe found #37 missing its bedroom fee,
 * #51 its date discount, and #45, a coupon above the price then rescheduled, lines of $1.00 for
 * $0). Over every order the demo seed, the factories and real bookings create, as the customer
 * and as the company.
 */
type TLine = { kind: string; label: string; amount: number };
type TOrder = { id: number; order_price: number; invoice: { lines: TLine[]; total: number } };

const clock = createTestClock(new Date('2026-11-23T18:00:00Z')); // Monday 10:00 in LA
const DISCOUNT_DATE = '2026-12-01';
let t: TTestApp;
let branchId: number;
let staff: string;
let customer: string;
const cents = (dollars: number) => Math.round(dollars * 100);

const booking = (patch: Record<string, unknown> = {}) =>
  bookingBody(branchId, { bedrooms_count: 2, ...patch });

async function book(token: string, patch: Record<string, unknown> = {}) {
  const r = await call<{ data: { order: TOrder } }>(t.app, 'POST', '/api/dashboard/customer/orders', {
    token,
    body: booking(patch),
  });
  expect(r.status).toBe(201);
  return r.body.data.order;
}

const post = (token: string, url: string, body?: Record<string, unknown>) =>
  call<{ data: TOrder }>(t.app, 'POST', url, { token, ...(body ? { body } : {}) });

function expectLinesSumToTotal(o: TOrder) {
  const sum = o.invoice.lines.reduce((s, l) => s + cents(l.amount), 0);
  expect({ id: o.id, sum }).toEqual({ id: o.id, sum: cents(o.invoice.total) });
  expect(cents(o.invoice.total)).toBe(cents(o.order_price));
  // Only rows written before the quote kept every piece may need the reconciling line.
  expect(o.invoice.lines.map((l) => l.kind)).not.toContain('adjustment');
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  await seedDemoIfEmpty(db, t.deps.storage);
  const companyId = (await createCompany(db)).id;
  branchId = (
    await createBranchAtZip(db, '90001', {
      companyId,
      isMain: true,
      serviceArea: 30,
      feeFirstBedroom: 2500,
      feeExtraBedroom: 1000,
    })
  ).id;
  await addServicePrices(db, branchId, { helpersOnly: [79, 120, 160], withTrucks: [130, 170, 230] });
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const c = await createUser(db);
  customer = await tokenFor(db, c.id);
  await post(staff, `/api/dashboard/branches/${branchId}/discounts`, {
    date: DISCOUNT_DATE,
    is_discount: true,
    is_value_percentage: true,
    value: 10,
  });

  // #37: bedroom fees. #51: booked on a discount date. A factory order of every kind too.
  await book(customer);
  await book(customer, { arrival_date: DISCOUNT_DATE });
  await createOrder(db, {
    customerId: c.id,
    companyId,
    branchId,
    status: ORDER_STATUS.accepted,
    arrivalDate: '2026-11-26',
  });

  // #45: a coupon larger than the price, then rescheduled onto the discount date and back.
  const rich = await createUser(db);
  const richToken = await tokenFor(db, rich.id);
  await db.insert(creditLedger).values({ userId: rich.id, kind: 'referral', amountCents: 5_000_00 });
  const promo = await call<{ data: { coupon: string } }>(
    t.app,
    'POST',
    '/api/dashboard/customer/promos/generate',
    {
      token: richToken,
      body: { amount: 5000 },
    },
  );
  const free = await book(richToken, { coupon: promo.body.data.coupon });
  expect(free.order_price).toBe(0);
  await post(staff, `/api/dashboard/orders/${free.id}/accept`);
  const asked = await post(richToken, `/api/dashboard/customer/orders/${free.id}/reschedule-requests`, {
    requested_date: DISCOUNT_DATE,
    requested_time: '9-10',
    note: 'We got the keys a week later.',
  });
  const rid = (asked.body.data as unknown as { reschedule_request: { id: number } }).reschedule_request.id;
  await post(staff, `/api/dashboard/orders/${free.id}/reschedule-requests/${rid}/approve`);

  // A small coupon, rescheduled by the customer onto the discount date and approved.
  const small = await createUser(db);
  const smallToken = await tokenFor(db, small.id);
  await db.insert(creditLedger).values({ userId: small.id, kind: 'referral', amountCents: 20_00 });
  const code = await call<{ data: { coupon: string } }>(
    t.app,
    'POST',
    '/api/dashboard/customer/promos/generate',
    {
      token: smallToken,
      body: { amount: 20 },
    },
  );
  const cheap = await book(smallToken, { coupon: code.body.data.coupon, payment_method: 'cash' });
  await post(staff, `/api/dashboard/orders/${cheap.id}/accept`);
  const moved = await post(smallToken, `/api/dashboard/customer/orders/${cheap.id}/reschedule-requests`, {
    requested_date: DISCOUNT_DATE,
    requested_time: '9-10',
    note: 'We got the keys a week later.',
  });
  const rid2 = (moved.body.data as unknown as { reschedule_request: { id: number } }).reschedule_request.id;
  await post(staff, `/api/dashboard/orders/${cheap.id}/reschedule-requests/${rid2}/approve`);
  // Moved at once by staff onto the discount date.
  const plain = await book(customer, { bedrooms_count: 1 });
  await post(staff, `/api/dashboard/orders/${plain.id}/accept`);
  await post(staff, `/api/dashboard/orders/${plain.id}/reschedule-requests`, {
    requested_date: DISCOUNT_DATE,
    requested_time: '1-4',
    note: 'Our truck is free that day.',
    instantly: true,
  });
});
afterAll(() => t.close());

describe('invoice lines', () => {
  it('sum to the total on every order, as its customer and as its company', async () => {
    const db = t.deps.db;
    const all = await db
      .select({ id: orders.id, customerId: orders.customerId, branchId: orders.branchId })
      .from(orders);
    expect(all.length).toBeGreaterThan(20);
    const tokens = new Map<number, string>();
    const tokenOf = async (userId: number) => {
      if (!tokens.has(userId)) tokens.set(userId, await tokenFor(db, userId));
      return tokens.get(userId)!;
    };
    for (const o of all) {
      const [b] = await db
        .select({ companyId: branches.companyId })
        .from(branches)
        .where(eq(branches.id, o.branchId));
      const [member] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, b!.companyId), eq(users.role, 'staff')));
      const mine = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/customer/orders/${o.id}`, {
        token: await tokenOf(o.customerId),
      });
      expect(mine.status).toBe(200);
      expectLinesSumToTotal(mine.body.data);
      const theirs = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/orders/${o.id}`, {
        token: await tokenOf(member!.id),
      });
      expect(theirs.status).toBe(200);
      expectLinesSumToTotal(theirs.body.data);
    }
  });

  it('show the bedroom fee, the date discount and the coupon as lines of their own', async () => {
    const all = await t.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.branchId, branchId));
    const kinds = new Set<string>();
    for (const o of all) {
      const r = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/orders/${o.id}`, { token: staff });
      for (const l of r.body.data.invoice.lines) kinds.add(l.kind);
    }
    expect([...kinds]).toEqual(
      expect.arrayContaining(['labor', 'bedrooms', 'date_adjustment', 'service_fee', 'coupon']),
    );
  });
});
