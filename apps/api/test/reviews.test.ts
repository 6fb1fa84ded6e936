import type { TOrderStatus } from '@haulpro/shared/order';
import { REVIEW_MSG } from '@haulpro/shared/review';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { runAutoPublishReviews } from '../src/jobs/auto-publish-reviews.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

type TReview = { id: number; star: number; comment: string; is_published: boolean; sender_party: string };
type TOrder = { id: number; customerCanReview: boolean; helperCanReview: boolean; reviews: TReview[] };

const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const GOOD = 'Careful crew, on time and friendly.';
let t: TTestApp;
let staff: string;
let otherStaff: string;
let customer: string;
let otherCustomer: string;
let companyId: number;
let branchId: number;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Review Co' })).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, name: 'Review Main', isMain: true })).id;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const other = await createCompany(db);
  await createBranchAtZip(db, '94105', { companyId: other.id, isMain: true });
  otherStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: other.id })).id);
  const c = await createUser(db, { role: 'customer', firstName: 'Dana', lastName: 'Reviewer' });
  customerId = c.id;
  customer = await tokenFor(db, c.id);
  otherCustomer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
});
afterAll(() => t.close());

const order = (status: TOrderStatus) =>
  createOrder(t.deps.db, { customerId, companyId, branchId, status, arrivalDate: '2026-11-20' });

describe('writing reviews on orders', () => {
  it('only on completed orders, once per side, with the spec messages', async () => {
    const open = await order(2);
    const early = await call(t.app, 'POST', `/api/dashboard/customer/orders/${open.id}/reviews`, {
      token: customer,
      body: { star: 5, comment: GOOD },
    });
    expect(early.status).toBe(409);

    const done = await order(5);
    const bad = await call<{ errors: Record<string, string[]> }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${done.id}/reviews`,
      { token: customer, body: { comment: '  too short ' } },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ star: [REVIEW_MSG.starRequired], comment: [REVIEW_MSG.commentMin] });
    const empty = await call<{ errors: Record<string, string[]> }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${done.id}/reviews`,
      { token: customer, body: { star: 4, comment: '   ' } },
    );
    expect(empty.body.errors).toEqual({ comment: ['Comment is required'] });

    const ok = await call<{ data: TReview }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${done.id}/reviews`,
      {
        token: customer,
        body: { star: 4, comment: `  ${GOOD}  ` },
      },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      star: 4,
      comment: GOOD,
      is_published: false,
      sender_party: 'customer',
    });
    const again = await call(t.app, 'POST', `/api/dashboard/customer/orders/${done.id}/reviews`, {
      token: customer,
      body: { star: 5, comment: GOOD },
    });
    expect(again.status).toBe(409);

    // Another customer, or another company, cannot even see the order.
    for (const [path, token] of [
      [`/api/dashboard/customer/orders/${done.id}/reviews`, otherCustomer],
      [`/api/dashboard/orders/${done.id}/reviews`, otherStaff],
    ] as const) {
      expect((await call(t.app, 'POST', path, { token, body: { star: 5, comment: GOOD } })).status).toBe(404);
    }

    // The company's order view: its flag is still on; the customer's unpublished review is hidden from it.
    const asStaff = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/orders/${done.id}`, {
      token: staff,
    });
    expect(asStaff.body.data.helperCanReview).toBe(true);
    expect(asStaff.body.data.reviews).toEqual([]);
    const asCustomer = await call<{ data: TOrder }>(
      t.app,
      'GET',
      `/api/dashboard/customer/orders/${done.id}`,
      {
        token: customer,
      },
    );
    expect(asCustomer.body.data.customerCanReview).toBe(false);
    expect(asCustomer.body.data.reviews.map((r) => r.star)).toEqual([4]);

    const byStaff = await call<{ data: TReview }>(t.app, 'POST', `/api/dashboard/orders/${done.id}/reviews`, {
      token: staff,
      body: { star: 5, comment: 'Clear instructions and easy access.' },
    });
    expect(byStaff.body.data).toMatchObject({ sender_party: 'company', is_published: false });
  });
});

describe('editing, publishing, replying and the branch rating', () => {
  it('edits within 10 days, publishes once, counts in the branch rating, one reply by the receiver', async () => {
    const done = await order(5);
    const created = await call<{ data: TReview }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${done.id}/reviews`,
      {
        token: customer,
        body: { star: 2, comment: GOOD },
      },
    );
    const id = created.body.data.id;
    expect(
      (
        await call(t.app, 'PUT', `/api/dashboard/reviews/${id}`, {
          token: staff,
          body: { star: 5, comment: GOOD },
        })
      ).status,
    ).toBe(404);
    const edited = await call<{ data: TReview }>(t.app, 'PUT', `/api/dashboard/reviews/${id}`, {
      token: customer,
      body: { star: 3, comment: GOOD },
    });
    expect(edited.body.data.star).toBe(3);

    // Not published yet: the branch's list is empty; replies are refused.
    const listBefore = await call<{ data: TReview[]; meta: { count: number } }>(
      t.app,
      'GET',
      `/api/dashboard/customer/orders/${done.id}/reviews`,
      { token: customer },
    );
    expect(listBefore.body.data.find((r) => r.id === id)).toBeUndefined();
    expect(
      (
        await call(t.app, 'POST', `/api/dashboard/reviews/${id}/reply`, {
          token: staff,
          body: { comment: 'Thanks!' },
        })
      ).status,
    ).toBe(404);

    const published = await call<{ data: TReview }>(t.app, 'POST', `/api/dashboard/reviews/${id}/publish`, {
      token: customer,
    });
    expect(published.body.data.is_published).toBe(true);
    expect(
      (await call(t.app, 'POST', `/api/dashboard/reviews/${id}/publish`, { token: customer })).status,
    ).toBe(409);
    expect(
      (
        await call(t.app, 'PUT', `/api/dashboard/reviews/${id}`, {
          token: customer,
          body: { star: 5, comment: GOOD },
        })
      ).status,
    ).toBe(409);

    const [b] = await t.deps.db.select().from(branches).where(eq(branches.id, branchId));
    expect({ sum: b?.ratingSum, count: b?.reviewsCount }).toEqual({ sum: 3, count: 1 });
    const list = await call<{ data: TReview[]; meta: { average: number; count: number } }>(
      t.app,
      'GET',
      `/api/dashboard/customer/orders/${done.id}/reviews`,
      { token: customer },
    );
    expect(list.body.meta).toEqual({ average: 3, count: 1 });

    expect(
      (
        await call(t.app, 'POST', `/api/dashboard/reviews/${id}/reply`, {
          token: customer,
          body: { comment: 'me' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `/api/dashboard/reviews/${id}/reply`, {
          token: otherStaff,
          body: { comment: 'x' },
        })
      ).status,
    ).toBe(404);
    const reply = await call<{ data: { replies: { comment: string }[] } }>(
      t.app,
      'POST',
      `/api/dashboard/reviews/${id}/reply`,
      {
        token: staff,
        body: { comment: 'Thank you, Dana!' },
      },
    );
    expect(reply.body.data.replies.map((r) => r.comment)).toEqual(['Thank you, Dana!']);
    expect(
      (
        await call(t.app, 'POST', `/api/dashboard/reviews/${id}/reply`, {
          token: staff,
          body: { comment: 'Again' },
        })
      ).status,
    ).toBe(409);
  });

  it('publishes by itself when the 10-day period ends, once, and the company sees it in the customer reviews', async () => {
    const done = await order(5);
    const r = await call<{ data: TReview }>(t.app, 'POST', `/api/dashboard/orders/${done.id}/reviews`, {
      token: staff,
      body: { star: 5, comment: 'Ready on time, easy to work with.' },
    });
    expect(await runAutoPublishReviews(t.services.reviews)).toBe(0);
    clock.set(new Date(clock.now().getTime() + 10 * 86_400_000 + 1000));
    const edit = await call(t.app, 'PUT', `/api/dashboard/reviews/${r.body.data.id}`, {
      token: staff,
      body: { star: 4, comment: 'Ready on time, easy to work with.' },
    });
    expect(edit.status).toBe(409);
    expect(await runAutoPublishReviews(t.services.reviews)).toBeGreaterThanOrEqual(1);
    expect(await runAutoPublishReviews(t.services.reviews)).toBe(0);
    const list = await call<{ data: TReview[]; meta: { count: number } }>(
      t.app,
      'GET',
      `/api/dashboard/orders/${done.id}/reviews`,
      { token: staff },
    );
    expect(list.body.data.map((x) => x.id)).toContain(r.body.data.id);
    const seen = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/customer/orders/${done.id}`, {
      token: customer,
    });
    expect(seen.body.data.reviews.map((x) => x.sender_party)).toEqual(['company']);
  });
});
