import type { TOrderStatus } from '@haulpro/shared/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, reviews, workingDays } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { publishReviews } from '../src/modules/reviews/reviews.repository.ts';
import { call } from './helpers/http.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

type TPage = {
  branch_name: string;
  company_name: string;
  city: string;
  state: string;
  rating: number;
  reviews_count: number;
  times_hired: number;
  acceptance_rate: number | null;
  cancellation_rate: number | null;
  services: { helpers_only: { employees_count: number; hourly: number }[]; helpers_and_trucks: unknown[] };
  working_days: { day: number; is_active: boolean; from_hour: number; to_hour: number }[];
  payment_methods: string[];
  reviews: { star: number; comment: string }[];
};

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-11-23T18:00:00Z')) });
});
afterAll(() => t.close());

describe('the public page of a branch', () => {
  it('shows its crews, hours, record and published reviews, to anyone', async () => {
    const db = t.deps.db;
    const company = await createCompany(db, { name: 'Public Co' });
    const b = await createBranchAtZip(db, '90210', {
      companyId: company.id,
      name: 'Public BH',
      slug: 'public-bh',
      isMain: true,
    });
    await addServicePrices(db, b.id, { helpersOnly: [90, 130], withTrucks: [150], helpersOnlyCrews: [2, 3] });
    await db.insert(workingDays).values({ branchId: b.id, day: 0, isActive: false, fromHour: 7, toHour: 18 });
    const customer = await createUser(db, { role: 'customer', firstName: 'Ana', lastName: 'Lopez' });
    // Three answered orders: two accepted (one completed, one cancelled by the company), one declined.
    const mk = (status: TOrderStatus) =>
      createOrder(db, {
        customerId: customer.id,
        companyId: company.id,
        branchId: b.id,
        status,
        arrivalDate: '2026-11-10',
      });
    const done = await mk(5);
    const cancelled = await mk(4);
    const declined = await mk(3);
    await db.insert(orderHistory).values([
      { orderId: done.id, actorParty: 'company', action: 'accept', fromStatus: 1, toStatus: 2 },
      { orderId: cancelled.id, actorParty: 'company', action: 'accept', fromStatus: 1, toStatus: 2 },
      { orderId: cancelled.id, actorParty: 'company', action: 'cancel', fromStatus: 2, toStatus: 4 },
      { orderId: declined.id, actorParty: 'company', action: 'reject', fromStatus: 1, toStatus: 3 },
    ]);
    const [r] = await db
      .insert(reviews)
      .values({
        orderId: done.id,
        senderUserId: customer.id,
        senderParty: 'customer',
        receiverBranchId: b.id,
        star: 4,
        comment: 'Quick and careful crew.',
      })
      .returning();
    await db.insert(reviews).values({
      orderId: cancelled.id,
      senderUserId: customer.id,
      senderParty: 'customer',
      receiverBranchId: b.id,
      star: 1,
      comment: 'Still a draft, not public.',
    });
    await db.transaction((tx) => publishReviews(tx, new Date(), { ids: [r!.id] }));

    const page = await call<{ data: TPage }>(t.app, 'GET', '/api/public/branches/public-bh');
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      branch_name: 'Public BH',
      company_name: 'Public Co',
      city: 'Beverly Hills',
      state: 'CA',
      rating: 4,
      reviews_count: 1,
      times_hired: 1,
      acceptance_rate: 0.667,
      cancellation_rate: 0.5,
      payment_methods: ['cash'],
    });
    expect(page.body.data.services.helpers_only).toEqual([
      expect.objectContaining({ employees_count: 2, hourly: 90 }),
      expect.objectContaining({ employees_count: 3, hourly: 130 }),
    ]);
    expect(page.body.data.services.helpers_and_trucks).toHaveLength(1);
    expect(page.body.data.working_days).toHaveLength(7);
    expect(page.body.data.working_days[0]).toMatchObject({ day: 0, is_active: false });
    expect(page.body.data.working_days[1]).toMatchObject({
      day: 1,
      is_active: true,
      from_hour: 7,
      to_hour: 18,
    });
    expect(page.body.data.reviews.map((x) => x.comment)).toEqual(['Quick and careful crew.']);
  });

  it('answers 404 for an unknown slug', async () => {
    expect((await call(t.app, 'GET', '/api/public/branches/nobody-here')).status).toBe(404);
  });
});
