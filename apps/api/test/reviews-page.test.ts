import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { ORDER_STATUS } from '@haulpro/shared/order';
import type {
  TInviter,
  TReviewInvitation,
  TReviewInviteResult,
  TReviewList,
} from '@haulpro/shared/review-page';
import { REVIEW_INVITE_MSG } from '@haulpro/shared/review-page';
import type { TReviewView } from '@haulpro/shared/review-view';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, deliveries, reviewInvitations, reviews } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { runArchiveReviews, runAutoPublishReviews } from '../src/jobs/auto-publish-reviews.ts';
import { call } from './helpers/http.ts';
import { linkToken, mailsTo } from './helpers/outbox.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const GOOD = 'Careful crew, on time and friendly.';
let t: TTestApp;
let staff: string;
let otherStaff: string;
let customer: string;
let otherCustomer: string;
let labor: string;
let laborId: number;
let companyId: number;
let branchId: number;
let otherBranchId: number;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Page Co' })).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, name: 'Page Main', isMain: true })).id;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const other = await createCompany(db);
  otherBranchId = (await createBranchAtZip(db, '94105', { companyId: other.id, isMain: true })).id;
  otherStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: other.id })).id);
  const c = await createUser(db, {
    role: 'customer',
    firstName: 'Dana',
    lastName: 'Reviewer',
    email: 'dana@page.test',
  });
  customerId = c.id;
  customer = await tokenFor(db, c.id);
  otherCustomer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  const l = await createUser(db, { role: 'labor', firstName: 'Lee', lastName: 'Helper' });
  laborId = l.id;
  labor = await tokenFor(db, l.id);
});
afterAll(() => t.close());

const order = (
  status: typeof ORDER_STATUS.accepted | typeof ORDER_STATUS.completed = ORDER_STATUS.completed,
  customer = customerId,
) => createOrder(t.deps.db, { customerId: customer, companyId, branchId, status, arrivalDate: '2026-11-20' });

const address = {
  address: '1 Main St',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: '90001',
  type_property: 'Home',
  flights_of_stairs: 0,
};

async function delivery(acceptor: 'labor' | 'company', status: number = DELIVERY_STATUS.completed) {
  const [d] = await t.deps.db
    .insert(deliveries)
    .values({
      customerId,
      status,
      itemsName: 'Sofa',
      vehicleType: 2,
      pickup: address,
      destination: address,
      pickupLatitude: 33.97,
      pickupLongitude: -118.25,
      distanceMiles: 3,
      arrivalDate: '2026-11-20',
      arrivalTime: '9-10',
      timeZone: 'America/Los_Angeles',
      biddingDeadline: new Date('2026-11-19T00:00:00Z'),
      phone: '+1 (213) - 555 - 0102',
      basePrice: 10000,
      originalPrice: 10000,
      systemFee: 1000,
      totalPrice: 10000,
      paymentMethod: 'cash',
      ...(acceptor === 'labor'
        ? { acceptorUserId: laborId }
        : { acceptorCompanyId: companyId, acceptorBranchId: branchId }),
    })
    .returning();
  return d!;
}

type TList = TReviewList;
const list = (token: string, base: string, q: string) =>
  call<TList>(t.app, 'GET', `/api/dashboard/${base}?${q}`, { token });

describe('POST reviews: who may review', () => {
  it('customers and staff review both sides of a completed order, once; helpers and strangers may not', async () => {
    const o = await order();
    const open = await order(ORDER_STATUS.accepted);
    expect(
      (
        await call(t.app, 'POST', '/api/dashboard/customer/reviews', {
          token: customer,
          body: { order_id: open.id, star: 5, comment: GOOD },
        })
      ).status,
    ).toBe(409);
    const byCustomer = await call<{ data: TReviewView }>(t.app, 'POST', '/api/dashboard/customer/reviews', {
      token: customer,
      body: { order_id: o.id, star: 4, comment: GOOD },
    });
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.body.data).toMatchObject({
      sender_party: 'customer',
      is_published: false,
      order_id: o.id,
    });
    const again = await call(t.app, 'POST', '/api/dashboard/customer/reviews', {
      token: customer,
      body: { order_id: o.id, star: 5, comment: GOOD },
    });
    expect(again.status).toBe(409);
    for (const [path, token] of [
      ['customer/reviews', otherCustomer],
      ['reviews', otherStaff],
      ['reviews', labor],
    ] as const)
      expect(
        (
          await call(t.app, 'POST', `/api/dashboard/${path}`, {
            token,
            body: { order_id: o.id, star: 5, comment: GOOD },
          })
        ).status,
      ).toBe(404);
    // Wrong role on the path: 403; signed out: 401.
    expect(
      (
        await call(t.app, 'POST', '/api/dashboard/reviews', {
          token: customer,
          body: { order_id: o.id, star: 5, comment: GOOD },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/dashboard/customer/reviews', {
          body: { order_id: o.id, star: 5, comment: GOOD },
        })
      ).status,
    ).toBe(401);
    const bad = await call<{ errors: Record<string, string[]> }>(t.app, 'POST', '/api/dashboard/reviews', {
      token: staff,
      body: { order_id: o.id, star: 4, comment: ' short ' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ comment: ['Comment must be more than 10 characters'] });
    const byStaff = await call<{ data: TReviewView }>(t.app, 'POST', '/api/dashboard/reviews', {
      token: staff,
      body: { order_id: o.id, star: 5, comment: 'Clear instructions and easy access.' },
    });
    expect(byStaff.body.data).toMatchObject({ sender_party: 'company', receiver: { name: 'Dana R.' } });
  });

  it('deliveries: the customer reviews the acceptor (a labor user or a branch), the acceptor the customer', async () => {
    const byLabor = await delivery('labor');
    const byCompany = await delivery('company');
    const accepted = await delivery('labor', DELIVERY_STATUS.accepted);
    const post = (path: string, token: string, body: object) =>
      call<{ data: TReviewView }>(t.app, 'POST', `/api/dashboard/${path}`, { token, body });

    expect(
      (await post('customer/reviews', customer, { delivery_id: accepted.id, star: 5, comment: GOOD })).status,
    ).toBe(409);
    const toLabor = await post('customer/reviews', customer, {
      delivery_id: byLabor.id,
      star: 5,
      comment: GOOD,
    });
    expect(toLabor.status).toBe(200);
    expect(toLabor.body.data).toMatchObject({ delivery_id: byLabor.id, receiver: { name: 'Lee H.' } });
    const toBranch = await post('customer/reviews', customer, {
      delivery_id: byCompany.id,
      star: 3,
      comment: GOOD,
    });
    expect(toBranch.body.data).toMatchObject({ receiver: { name: 'Page Main' }, branch_name: 'Page Main' });
    expect(
      (await post('customer/reviews', customer, { delivery_id: byLabor.id, star: 5, comment: GOOD })).status,
    ).toBe(409);
    // Not the acceptor: 404 (the labor user did not take the company's delivery).
    expect((await post('reviews', labor, { delivery_id: byCompany.id, star: 5, comment: GOOD })).status).toBe(
      404,
    );
    expect(
      (await post('reviews', otherStaff, { delivery_id: byCompany.id, star: 5, comment: GOOD })).status,
    ).toBe(404);
    const fromLabor = await post('reviews', labor, { delivery_id: byLabor.id, star: 5, comment: GOOD });
    expect(fromLabor.body.data).toMatchObject({ sender_party: 'company', sender: { name: 'Lee H.' } });
    const fromStaff = await post('reviews', staff, { delivery_id: byCompany.id, star: 4, comment: GOOD });
    expect(fromStaff.body.data).toMatchObject({
      sender: { name: 'Page Main' },
      receiver: { name: 'Dana R.' },
    });

    // The labor user's lists: sent and received delivery reviews (received once published).
    const sent = await list(labor, 'reviews', 'type=delivery&tab=sent');
    expect(sent.body.data.map((r) => r.id)).toEqual([fromLabor.body.data.id]);
    expect(sent.body.data[0]).toMatchObject({ can_edit: true, can_publish: true, can_reply: false });
    expect((await list(labor, 'reviews', 'type=delivery&tab=received')).body.data).toEqual([]);
    await call(t.app, 'POST', `/api/dashboard/customer/reviews/${toLabor.body.data.id}/publish`, {
      token: customer,
    });
    const received = await list(labor, 'reviews', 'type=delivery&tab=received');
    expect(received.body.data.map((r) => r.id)).toEqual([toLabor.body.data.id]);
    expect(received.body.data[0]).toMatchObject({ can_reply: true, can_edit: false });
    expect(received.body.summary.received).toEqual({ avg_star: 5, count_star: 1 });
    expect((await list(labor, 'reviews', 'type=moving&tab=received')).body.data).toEqual([]);

    // See reviews on the cards: the customer sees the labor user's published reviews; the labor
    // user (the acceptor) the customer's; a stranger nothing.
    type TSeen = { data: TReviewView[]; meta: { average: number; count: number } };
    const helperSide = await call<TSeen>(
      t.app,
      'GET',
      `/api/dashboard/customer/deliveries/${byLabor.id}/reviews`,
      {
        token: customer,
      },
    );
    expect(helperSide.body.meta).toEqual({ average: 5, count: 1 });
    expect(helperSide.body.data.map((r) => r.id)).toEqual([toLabor.body.data.id]);
    const customerSide = await call<TSeen>(t.app, 'GET', `/api/dashboard/deliveries/${byLabor.id}/reviews`, {
      token: labor,
    });
    expect(customerSide.status).toBe(200);
    expect(customerSide.body.data.every((r) => r.receiver.name === 'Dana R.')).toBe(true);
    expect(
      (
        await call(t.app, 'GET', `/api/dashboard/customer/deliveries/${byLabor.id}/reviews`, {
          token: otherCustomer,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/dashboard/deliveries/${byLabor.id}/reviews`, { token: otherStaff }))
        .status,
    ).toBe(404);
  });
});

describe('GET reviews: tabs, summary, edit, publish, reply', () => {
  it('lists sent and received per type with averages of published reviews only', async () => {
    const a = await order();
    const b = await order();
    const post = (id: number, star: number) =>
      call<{ data: TReviewView }>(t.app, 'POST', '/api/dashboard/customer/reviews', {
        token: customer,
        body: { order_id: id, star, comment: GOOD },
      });
    const ra = (await post(a.id, 5)).body.data;
    const rb = (await post(b.id, 2)).body.data;
    // Unpublished: the author sees them in Sent; the company does not see them in Received.
    const mine = await list(customer, 'customer/reviews', 'type=moving&tab=sent');
    expect(mine.body.data.map((r) => r.id)).toEqual(expect.arrayContaining([ra.id, rb.id]));
    const before = await list(staff, 'reviews', 'type=moving&tab=received');
    expect(before.body.data.map((r) => r.id)).not.toContain(ra.id);

    // Edit within the period, through the customer's path; publish; then it is locked.
    const edited = await call<{ data: TReviewView }>(
      t.app,
      'PUT',
      `/api/dashboard/customer/reviews/${ra.id}`,
      {
        token: customer,
        body: { star: 4, comment: 'Edited: careful crew, on time.' },
      },
    );
    expect(edited.body.data).toMatchObject({ star: 4, comment: 'Edited: careful crew, on time.' });
    expect(
      (
        await call(t.app, 'PUT', `/api/dashboard/reviews/${ra.id}`, {
          token: staff,
          body: { star: 1, comment: GOOD },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/dashboard/customer/reviews/${ra.id}/publish`, { token: customer }))
        .status,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', `/api/dashboard/customer/reviews/${ra.id}/publish`, { token: customer }))
        .status,
    ).toBe(409);
    expect(
      (
        await call(t.app, 'PUT', `/api/dashboard/customer/reviews/${ra.id}`, {
          token: customer,
          body: { star: 5, comment: GOOD },
        })
      ).status,
    ).toBe(409);

    const received = await list(staff, 'reviews', 'type=moving&tab=received');
    const item = received.body.data.find((r) => r.id === ra.id);
    expect(item).toMatchObject({ can_reply: true, can_edit: false, can_publish: false, is_invited: false });
    expect(received.body.summary.received.count_star).toBeGreaterThanOrEqual(1);
    expect(received.body.meta).toMatchObject({ current_page: 1, per_page: 15 });
    // Staff of another company see none of it.
    expect((await list(otherStaff, 'reviews', 'type=moving&tab=received')).body.data).toEqual([]);
    // A branch filter: only that branch's reviews.
    expect(
      (await list(staff, 'reviews', `type=moving&tab=received&branch_id=${otherBranchId}`)).body.data,
    ).toEqual([]);

    // Reply: only the receiver, once; the author cannot.
    expect(
      (
        await call(t.app, 'POST', `/api/dashboard/customer/reviews/${ra.id}/reply`, {
          token: customer,
          body: { comment: 'Me again' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `/api/dashboard/reviews/${ra.id}/reply`, {
          token: staff,
          body: { comment: '  ' },
        })
      ).status,
    ).toBe(422);
    const reply = await call<{ data: TReviewView }>(t.app, 'POST', `/api/dashboard/reviews/${ra.id}/reply`, {
      token: staff,
      body: { comment: 'Thank you, Dana!' },
    });
    expect(reply.body.data.replies.map((r) => r.comment)).toEqual(['Thank you, Dana!']);
    expect(
      (
        await call(t.app, 'POST', `/api/dashboard/reviews/${ra.id}/reply`, {
          token: staff,
          body: { comment: 'Again' },
        })
      ).status,
    ).toBe(409);
    const after = await list(staff, 'reviews', 'type=moving&tab=received');
    expect(after.body.data.find((r) => r.id === ra.id)?.can_reply).toBe(false);

    // The job publishes the other one after 10 days; the summary is the average of both.
    clock.advance(11 * 86_400_000);
    expect(await runAutoPublishReviews(t.services.reviews)).toBeGreaterThanOrEqual(1);
    const sent = await list(customer, 'customer/reviews', 'type=moving&tab=sent');
    expect(sent.body.data.find((r) => r.id === rb.id)?.is_published).toBe(true);
    const stats = sent.body.summary.sent;
    const published = await t.deps.db.select().from(reviews).where(eq(reviews.senderUserId, customerId));
    const moving = published.filter((r) => r.orderId && r.publishedAt);
    const avg = Math.round((moving.reduce((s, r) => s + r.star, 0) / moving.length) * 10) / 10;
    expect(stats).toEqual({ avg_star: avg, count_star: moving.length });
  });

  it('archives reviews three years after publishing: gone from lists, averages and the branch rating', async () => {
    const [before] = await t.deps.db.select().from(branches).where(eq(branches.id, branchId));
    const listed = await list(staff, 'reviews', 'type=moving&tab=received');
    expect(listed.body.data.length).toBeGreaterThan(0);
    clock.advance(3 * 366 * 86_400_000);
    const n = await runArchiveReviews(t.services.reviews);
    expect(n).toBeGreaterThan(0);
    expect(await runArchiveReviews(t.services.reviews)).toBe(0);
    const after = await list(staff, 'reviews', 'type=moving&tab=received');
    expect(after.body.data).toEqual([]);
    expect(after.body.summary.received).toEqual({ avg_star: 0, count_star: 0 });
    const [b] = await t.deps.db.select().from(branches).where(eq(branches.id, branchId));
    expect(b!.reviewsCount).toBeLessThan(before!.reviewsCount);
    expect(b!.reviewsCount).toBe(0);
    expect(b!.ratingSum).toBe(0);
  });

  it('refuses bad queries with 422', async () => {
    for (const q of ['type=both', 'tab=all', 'page=0', 'branch_id=0x1'])
      expect((await list(staff, 'reviews', q)).status).toBe(422);
  });
});

describe('reviewer invitations', () => {
  it('staff invite e-mails: invalid dropped, already invited refused, limit 100, links reach a public page', async () => {
    const inviters = await call<{ data: TInviter[] }>(t.app, 'GET', '/api/dashboard/reviews/inviters', {
      token: staff,
    });
    expect(inviters.status).toBe(200);
    const main = inviters.body.data.find((b) => b.id === branchId)!;
    expect(main.invited_reviews_count).toBe(0);
    expect(main.orders.length).toBeGreaterThan(0);
    // Customers and helpers may not invite; another company's branch is not found.
    expect((await call(t.app, 'GET', '/api/dashboard/reviews/inviters', { token: customer })).status).toBe(
      403,
    );
    expect((await call(t.app, 'GET', '/api/dashboard/reviews/inviters', { token: labor })).status).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/dashboard/reviews/invite', {
          token: otherStaff,
          body: { branch_id: branchId, emails: ['x@y.test'] },
        })
      ).status,
    ).toBe(404);

    const sent = await call<{ data: TReviewInviteResult }>(t.app, 'POST', '/api/dashboard/reviews/invite', {
      token: staff,
      body: {
        branch_id: branchId,
        emails: ['Ann@Invite.test', 'nope', 'bob@invite.test', 'ann@invite.test'],
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({
      invited: ['ann@invite.test', 'bob@invite.test'],
      invalid: ['nope'],
      already_invited: [],
      invited_reviews_count: 2,
    });
    const again = await call<{ errors: Record<string, string[]> }>(
      t.app,
      'POST',
      '/api/dashboard/reviews/invite',
      {
        token: staff,
        body: { branch_id: branchId, emails: ['ann@invite.test'] },
      },
    );
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ emails: [REVIEW_INVITE_MSG.alreadyInvited] });
    const mixed = await call<{ data: TReviewInviteResult }>(t.app, 'POST', '/api/dashboard/reviews/invite', {
      token: staff,
      body: { branch_id: branchId, emails: ['ann@invite.test', 'cy@invite.test'] },
    });
    expect(mixed.body.data).toMatchObject({
      invited: ['cy@invite.test'],
      already_invited: ['ann@invite.test'],
    });

    // 3 invited: 98 more fit, 98 + 1 do not.
    const many = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@bulk.test`);
    const over = await call<{ errors: Record<string, string[]> }>(
      t.app,
      'POST',
      '/api/dashboard/reviews/invite',
      {
        token: staff,
        body: { branch_id: branchId, emails: many(98, 'a') },
      },
    );
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ emails: [REVIEW_INVITE_MSG.limit] });
    const fits = await call<{ data: TReviewInviteResult }>(t.app, 'POST', '/api/dashboard/reviews/invite', {
      token: staff,
      body: { branch_id: branchId, emails: many(97, 'b') },
    });
    expect(fits.body.data.invited_reviews_count).toBe(100);

    // The e-mailed link opens the public page; the review is published at once and marked invited.
    expect((await mailsTo(t.deps.db, 'bob@invite.test')).length).toBe(1);
    const token = await linkToken(t.deps.db, 'bob@invite.test', '/write-review');
    const page = await call<{ data: { branch_name: string; reviewed: boolean } }>(
      t.app,
      'GET',
      `/api/public/review-invitations/${token}`,
    );
    expect(page.body.data).toMatchObject({ branch_name: 'Page Main', reviewed: false });
    expect((await call(t.app, 'GET', '/api/public/review-invitations/not-a-real-token-at-all')).status).toBe(
      404,
    );
    const badReview = await call<{ errors: Record<string, string[]> }>(
      t.app,
      'POST',
      `/api/public/review-invitations/${token}/reviews`,
      { body: { name: '', star: 5, comment: 'short' } },
    );
    expect(badReview.status).toBe(422);
    const review = await call<{ data: TReviewView }>(
      t.app,
      'POST',
      `/api/public/review-invitations/${token}/reviews`,
      {
        body: { name: 'Bob Invited', star: 5, comment: 'They moved my piano without a scratch.' },
      },
    );
    expect(review.status).toBe(200);
    expect(review.body.data).toMatchObject({ is_published: true, sender: { name: 'Bob Invited' } });
    expect(
      (
        await call(t.app, 'POST', `/api/public/review-invitations/${token}/reviews`, {
          body: { name: 'Bob Invited', star: 1, comment: 'Trying to review twice here.' },
        })
      ).status,
    ).toBe(409);
    const received = await list(staff, 'reviews', 'type=moving&tab=received');
    expect(received.body.data.find((r) => r.id === review.body.data.id)).toMatchObject({
      is_invited: true,
      can_reply: true,
    });

    // Pending and Available tabs, and delete.
    const pending = await call<{ data: TReviewInvitation[] }>(
      t.app,
      'GET',
      `/api/dashboard/reviews/invitations?branch_id=${branchId}&status=pending`,
      { token: staff },
    );
    expect(pending.body.data.length).toBe(99);
    const available = await call<{ data: TReviewInvitation[] }>(
      t.app,
      'GET',
      `/api/dashboard/reviews/invitations?branch_id=${branchId}&status=available`,
      { token: staff },
    );
    expect(available.body.data.map((i) => i.email)).toEqual(['bob@invite.test']);
    const ann = pending.body.data.find((i) => i.email === 'ann@invite.test')!;
    expect(
      (await call(t.app, 'DELETE', `/api/dashboard/reviews/invitations/${ann.id}`, { token: otherStaff }))
        .status,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/dashboard/reviews/invitations/${ann.id}`, { token: staff })).status,
    ).toBe(200);
    const rows = await t.deps.db
      .select()
      .from(reviewInvitations)
      .where(eq(reviewInvitations.branchId, branchId));
    expect(rows.length).toBe(99);
  });

  it('new clients: the customers of chosen orders or all orders; refused for a location without orders', async () => {
    const db = t.deps.db;
    const emptyBranch = (await createBranchAtZip(db, '91101', { companyId, name: 'Page Empty' })).id;
    const none = await call<{ errors: Record<string, string[]> }>(
      t.app,
      'POST',
      '/api/dashboard/reviews/invite',
      {
        token: staff,
        body: { branch_id: emptyBranch, is_customers: true, all_orders: true },
      },
    );
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ orders: [REVIEW_INVITE_MSG.noOrders] });
    // A second branch with a completed order of a new customer.
    const b2 = (await createBranchAtZip(db, '90210', { companyId, name: 'Page West' })).id;
    const newbie = await createUser(db, { role: 'customer', email: 'newbie@page.test' });
    const o = await createOrder(db, {
      customerId: newbie.id,
      companyId,
      branchId: b2,
      status: ORDER_STATUS.completed,
      arrivalDate: '2026-11-20',
    });
    const r = await call<{ data: TReviewInviteResult }>(t.app, 'POST', '/api/dashboard/reviews/invite', {
      token: staff,
      body: { branch_id: b2, is_customers: 1, orders: [o.id] },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.invited).toEqual(['newbie@page.test']);
    const again = await call(t.app, 'POST', '/api/dashboard/reviews/invite', {
      token: staff,
      body: { branch_id: b2, is_customers: true, all_orders: true },
    });
    expect(again.status).toBe(422);
  });
});
