import { ZHelperListItem } from '@haulpro/shared/booking';
import { ZPublicBranchView } from '@haulpro/shared/branch-view';
import { ZDeliveryView, ZPayoutReviewItem } from '@haulpro/shared/delivery-view';
import { ZOrderView } from '@haulpro/shared/order-view';
import { ZPayoutsView } from '@haulpro/shared/payouts';
import { ZReviewView } from '@haulpro/shared/review-view';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { branches, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * The typed answers (issue 11): the shared view schemas describe every field the API sends. The
 * lists below are served as already-serialized JSON (not stripped by the route's schema), so a
 * field the API adds without adding it to the shared schema fails here, as one missing fails
 * the typecheck.
 */

let t: TTestApp;
let staff: string;
let customer: string;
let labor: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  await seedDemoIfEmpty(db);
  const token = async (email: string) => {
    const [u] = await db.select().from(users).where(eq(users.email, email));
    return tokenFor(db, u!.id);
  };
  staff = await token(DEMO_ACCOUNTS.staff);
  customer = await token(DEMO_ACCOUNTS.customer);
  labor = await token(DEMO_ACCOUNTS.labor);
  admin = await token(DEMO_ACCOUNTS.admin);
});
afterAll(() => t.close());

function expectExactly<T extends z.ZodObject>(schema: T, value: unknown, what: string) {
  const parsed = schema.strict().safeParse(value);
  expect(
    parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    what,
  ).toEqual([]);
}

describe('answers match the shared view schemas field for field', () => {
  it('orders (company list, customer list, one order) and the reviews on them', async () => {
    type TList = { data: unknown[] };
    const company = await call<TList>(t.app, 'GET', '/api/dashboard/orders?filter=all&paginate=50', {
      token: staff,
    });
    const mine = await call<TList>(t.app, 'GET', '/api/dashboard/customer/orders?tab=archive', {
      token: customer,
    });
    const all = [...company.body.data, ...mine.body.data];
    expect(all.length).toBeGreaterThan(5);
    for (const o of all) expectExactly(ZOrderView, o, `order ${(o as { id: number }).id}`);
    const reviews = all.flatMap((o) => (o as { reviews: unknown[] }).reviews);
    expect(reviews.length).toBeGreaterThan(0);
    for (const r of reviews) expectExactly(ZReviewView, r, 'review');
  });

  it('the public helper list and a branch’s public page', async () => {
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const list = await call<{ data: unknown[] }>(
      t.app,
      'GET',
      `/api/public/helpers?from_zip=90001&to_zip=90210&from_date=${date}&type_service=2&type_moving=1`,
    );
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const item of list.body.data) expectExactly(ZHelperListItem, item, 'helper');
    const [b] = await t.deps.db.select().from(branches).where(eq(branches.zipCode, '90001'));
    const page = await call<{ data: unknown }>(t.app, 'GET', `/api/public/branches/${b!.slug}`);
    expect(page.status).toBe(200);
    expectExactly(ZPublicBranchView, page.body.data, 'public branch');
  });

  it('deliveries in every status (helpers, customer), the payout queue and earnings', async () => {
    type TList = { data: unknown[] };
    const lists = await Promise.all([
      call<TList>(t.app, 'GET', '/api/dashboard/deliveries?tab=new', { token: labor }),
      call<TList>(t.app, 'GET', '/api/dashboard/deliveries?tab=accepted', { token: labor }),
      call<TList>(t.app, 'GET', '/api/dashboard/deliveries?tab=new', { token: staff }),
      call<TList>(t.app, 'GET', '/api/dashboard/deliveries?tab=accepted', { token: staff }),
      call<TList>(t.app, 'GET', '/api/dashboard/customer/deliveries?tab=active&paginate=50', {
        token: customer,
      }),
    ]);
    const all = lists.flatMap((l) => l.body.data);
    const statuses = new Set(all.map((d) => (d as { status_id: number }).status_id));
    expect([...statuses].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(lists[0]!.body.data.length).toBeGreaterThanOrEqual(3);
    expect(lists[2]!.body.data.length).toBeGreaterThanOrEqual(3);
    for (const d of all) expectExactly(ZDeliveryView, d, `delivery ${(d as { id: number }).id}`);
    const queue = await call<TList>(t.app, 'GET', '/api/admin/payouts', { token: admin });
    expect(queue.body.data.length).toBeGreaterThan(0);
    for (const p of queue.body.data) expectExactly(ZPayoutReviewItem, p, 'payout');
    const earnings = await call<unknown>(t.app, 'GET', '/api/dashboard/payouts', { token: labor });
    expectExactly(ZPayoutsView, earnings.body, 'payouts');
  });
});
