import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, servicePrices, workingDays } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { PRICING_TABLES } from '../src/modules/booking/branch-pricing.ts';
import { bookingBody } from './helpers/booking-body.ts';
import { eventually } from './helpers/eventually.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/*
 * A branch's pricing settings are kept by the read cache until they change (decision 035): the
 * wizard's live price and the booking read them once, and a change made anywhere (through the API,
 * or written by another process and heard of through the change notices) is priced at once.
 */

// Monday 2026-11-23, 10:00 in Los Angeles; the move is a week later.
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const DATE = '2026-11-30';
const LIVE = `from_zip=90001&from_date=${DATE}&to_zip=90210&to_date=${DATE}&type_service=1&type_moving=1&helpers_count=2&hours_count=3`;

let t: TTestApp;
let recording: string[] | null = null;
let branchId: number;
let companyId: number;
let customer: string;

beforeAll(async () => {
  t = await createTestApp({ clock, onQuery: (q) => recording?.push(q) });
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Kept Prices Co' })).id;
  branchId = (
    await createBranchAtZip(db, '90001', { companyId, name: 'Kept LA', isMain: true, serviceArea: 30 })
  ).id;
  await addServicePrices(db, branchId, { helpersOnly: [80, 120, 160], withTrucks: [130, 170, 230] });
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
});
afterAll(() => t.close());

async function live() {
  recording = [];
  const r = await call<{ data: { quote: { hourly: number; total: number } } }>(
    t.app,
    'GET',
    `/api/public/helpers/${branchId}?${LIVE}`,
  );
  const pricingReads = recording.filter((q) =>
    PRICING_TABLES.some((table) => new RegExp(`^select [^(]* from "${table}"`).test(q)),
  ).length;
  recording = null;
  return { r, pricingReads };
}

describe('branch pricing, kept until it changes', () => {
  it('the live price reads the settings once, and a new hourly rate written elsewhere is priced at once', async () => {
    const first = await live();
    expect(first.r.status, JSON.stringify(first.r.body)).toBe(200);
    expect(first.pricingReads).toBeGreaterThan(0);
    const again = await live();
    expect(again.pricingReads).toBe(0);
    expect(again.r.body.data.quote.hourly).toBe(first.r.body.data.quote.hourly);
    // Another process raises the rate: the change notice reaches this one.
    const raised = first.r.body.data.quote.hourly + 25;
    await t.deps.db
      .update(servicePrices)
      .set({ baseHourlyRate: raised * 100 })
      .where(
        and(
          eq(servicePrices.branchId, branchId),
          eq(servicePrices.serviceType, 1),
          eq(servicePrices.employeesCount, 2),
        ),
      );
    await eventually(async () => expect((await live()).r.body.data.quote.hourly).toBe(raised));
    // And a booking is charged the new rate.
    const booked = await call<{ data: { order: { invoice: { hourly: number } } } }>(
      t.app,
      'POST',
      '/api/dashboard/customer/orders',
      { token: customer, body: bookingBody(branchId, { arrival_date: DATE }) },
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.data.order.invoice.hourly).toBe(raised);
  });

  it('a day closed or a discount added elsewhere is priced at once', async () => {
    expect((await live()).r.status).toBe(200);
    // The move is on a Monday: the branch closes Mondays.
    await t.deps.db
      .insert(workingDays)
      .values({ branchId, day: 1, isActive: false, fromHour: 8, toHour: 18 });
    await eventually(async () => expect((await live()).r.status).toBe(422));
    await t.deps.db.delete(workingDays).where(eq(workingDays.branchId, branchId));
    let open = 0;
    await eventually(async () => {
      const r = await live();
      expect(r.r.status).toBe(200);
      open = r.r.body.data.quote.total;
    });
    await t.deps.db
      .insert(discounts)
      .values({ branchId, date: DATE, isDiscount: true, isValuePercentage: true, value: 10 });
    await eventually(async () => expect((await live()).r.body.data.quote.total).toBeLessThan(open));
  });
});
