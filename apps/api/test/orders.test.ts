import { REASON_MSG } from '@haulpro/shared/order';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderHistory, orders } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

type TOrder = Record<string, unknown> & { id: number; status_id: number; status: string };
// Monday 2026-11-23, 10:00 in Los Angeles.
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const REASON = 'The crew is no longer available on that day.';

let t: TTestApp;
let staff: string;
let otherStaff: string;
let customer: string;
let otherCustomer: string;
let labor: string;
let companyId: number;
let mainId: number;
let pasadenaId: number;
let customerId: number;
let customerStaffIds: number[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Orders Co' })).id;
  mainId = (await createBranchAtZip(db, '90001', { companyId, name: 'Orders Main', isMain: true })).id;
  pasadenaId = (await createBranchAtZip(db, '91101', { companyId, name: 'Orders Pasadena', serviceArea: 40 }))
    .id;
  const s = await createUser(db, { role: 'staff', companyId });
  customerStaffIds = [s.id];
  staff = await tokenFor(db, s.id);
  const other = await createCompany(db);
  await createBranchAtZip(db, '94105', { companyId: other.id, isMain: true });
  otherStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: other.id })).id);
  const c = await createUser(db, { role: 'customer', phone: '+1 (310) - 555 - 0177' });
  customerId = c.id;
  customer = await tokenFor(db, c.id);
  otherCustomer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  labor = await tokenFor(db, (await createUser(db, { role: 'labor' })).id);
});
afterAll(() => t.close());

const newOrder = (patch: Partial<Parameters<typeof createOrder>[1]> = {}) =>
  createOrder(t.deps.db, {
    customerId,
    companyId,
    branchId: mainId,
    status: 1,
    arrivalDate: '2026-11-25',
    responseDeadline: new Date('2026-11-24T18:00:00Z'),
    ...patch,
  });

describe('reading orders', () => {
  it('staff list their company orders with filters, page size 15 and counts', async () => {
    for (let i = 0; i < 17; i += 1)
      await newOrder({ arrivalDate: `2026-12-${String(i + 1).padStart(2, '0')}` });
    await newOrder({ status: 5, arrivalDate: '2026-11-10' });
    await newOrder({ status: 4, arrivalDate: '2026-11-11' });
    const page1 = await call<{
      data: TOrder[];
      meta: { last_page: number; total: number; per_page: number };
    }>(t.app, 'GET', '/api/dashboard/orders?filter=new', { token: staff });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(15);
    expect(page1.body.meta).toMatchObject({ per_page: 15, last_page: 2 });
    const dec = await call<{ data: TOrder[] }>(
      t.app,
      'GET',
      '/api/dashboard/orders?filter=new&arrival_date_in=2026-12-01,2026-12-31&orderBy=arrival_date&desc=true',
      { token: staff },
    );
    expect(dec.body.data[0]).toMatchObject({ arrival_date: '2026-12-17' });
    const counts = await call<{ data: Record<string, number> }>(
      t.app,
      'GET',
      '/api/dashboard/orders/counts',
      { token: staff },
    );
    expect(counts.body.data).toMatchObject({
      new_orders: 17,
      completed_and_accepted_orders: 1,
      cancelled_orders: 1,
      rejected_orders: 0,
      waiting_for_payment_orders: 0,
      all_orders: 19,
      revenue: 375,
    });
    const other = await call<{ data: TOrder[] }>(t.app, 'GET', '/api/dashboard/orders', {
      token: otherStaff,
    });
    expect(other.body.data).toEqual([]);
  });

  it('a branch-scoped view shows only that branch; another company’s branch is a 404', async () => {
    const o = await newOrder({ branchId: pasadenaId });
    const scoped = await call<{ data: TOrder[] }>(
      t.app,
      'GET',
      `/api/dashboard/orders?branch_id=${pasadenaId}`,
      { token: staff },
    );
    expect(scoped.body.data.map((x) => x.id)).toEqual([o.id]);
    expect(
      (await call(t.app, 'GET', `/api/dashboard/orders?branch_id=${pasadenaId}`, { token: otherStaff }))
        .status,
    ).toBe(404);
  });

  it('an order shows the spec fields, the invoice and flags; the customer phone is masked until accepted', async () => {
    const o = await newOrder();
    const r = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/orders/${o.id}`, { token: staff });
    expect(r.body.data).toMatchObject({
      status: 'New',
      status_id: 1,
      customer_phone: '+1 (310) ****',
      till_auto_reject: 86400,
      can_accept: true,
      can_reject: true,
      helperCanAccept: true,
      invoice: { hourly: 100, service_fee: 75, is_double_drive: false, total: 375 },
      pickups: [expect.objectContaining({ zip_code: '90001', type_property: 'Apartment' })],
      destinations: [expect.objectContaining({ zip_code: '90210' })],
    });
    const mine = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/customer/orders/${o.id}`, {
      token: customer,
    });
    expect(mine.body.data).toMatchObject({
      customer_phone: '+1 (310) - 555 - 0177',
      company_phone_number: '+1 (213) - 555 - 0100',
      customerCanCancel: true,
      can_accept: false,
    });
  });

  it('nobody else sees an order: other company, other customer, labor', async () => {
    const o = await newOrder();
    expect((await call(t.app, 'GET', `/api/dashboard/orders/${o.id}`, { token: otherStaff })).status).toBe(
      404,
    );
    expect(
      (await call(t.app, 'GET', `/api/dashboard/customer/orders/${o.id}`, { token: otherCustomer })).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', `/api/dashboard/orders/${o.id}`, { token: labor })).status).toBe(403);
    expect(
      (await call(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, { token: otherStaff, body: {} }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `/api/dashboard/customer/orders/${o.id}/cancel`, {
          token: otherCustomer,
          body: { reason: REASON },
        })
      ).status,
    ).toBe(404);
  });

  it('customers list active and archived orders with counts', async () => {
    const c = await createUser(t.deps.db, { role: 'customer' });
    const token = await tokenFor(t.deps.db, c.id);
    await newOrder({ customerId: c.id });
    await newOrder({ customerId: c.id, status: 5, archivedByCustomer: true });
    const active = await call<{ data: TOrder[]; meta: { active_count: number; archive_count: number } }>(
      t.app,
      'GET',
      '/api/dashboard/customer/orders',
      { token },
    );
    expect(active.body.data).toHaveLength(1);
    expect(active.body.meta).toMatchObject({ active_count: 1, archive_count: 1 });
    const archive = await call<{ data: TOrder[] }>(
      t.app,
      'GET',
      '/api/dashboard/customer/orders?tab=archive',
      { token },
    );
    expect(archive.body.data[0]).toMatchObject({ status_id: 5 });
  });
});

describe('actions', () => {
  it('accept: New -> Accepted, history written, customer notified, phone revealed', async () => {
    const o = await newOrder();
    const r = await call<{ data: TOrder }>(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, {
      token: staff,
      body: {},
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status_id: 2,
      status: 'Accepted',
      customer_phone: '+1 (310) - 555 - 0177',
      can_accept: false,
      helperCanCancel: true,
    });
    const history = await t.deps.db.select().from(orderHistory).where(eq(orderHistory.orderId, o.id));
    expect(history).toEqual([
      expect.objectContaining({ action: 'accept', fromStatus: 1, toStatus: 2, actorParty: 'company' }),
    ]);
    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.userId, customerId));
    expect(notes.map((n) => n.title)).toContain(`The company accepted order #${o.id}`);
    const again = await call(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, {
      token: staff,
      body: {},
    });
    expect(again.status).toBe(409);
  });

  it('accept with the nearest branch covering the pickup, or a named branch', async () => {
    const o = await newOrder({ pickupZip: '91106' }); // Pasadena
    const r = await call<{ data: TOrder }>(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, {
      token: staff,
      body: { nearest: true },
    });
    expect(r.body.data).toMatchObject({ status_id: 2, branch_id: pasadenaId });
    const far = await newOrder({ pickupZip: '10001' });
    const none = await call(t.app, 'POST', `/api/dashboard/orders/${far.id}/accept`, {
      token: staff,
      body: { nearest: true },
    });
    expect(none.status).toBe(409);
    const named = await call<{ data: TOrder }>(t.app, 'POST', `/api/dashboard/orders/${far.id}/accept`, {
      token: staff,
      body: { branch_id: pasadenaId },
    });
    expect(named.body.data.branch_id).toBe(pasadenaId);
  });

  it('an overdue New order cannot be accepted (409)', async () => {
    const o = await newOrder({ responseDeadline: new Date('2026-11-23T17:00:00Z') });
    const r = await call(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, { token: staff, body: {} });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('The response time for this order has passed.');
  });

  it('cancel needs a reason of at least 20 characters; cancelling records who and why', async () => {
    const o = await newOrder({ status: 2 });
    const short = await call(t.app, 'POST', `/api/dashboard/orders/${o.id}/cancel`, {
      token: staff,
      body: { reason: 'Too short' },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ reason: [REASON_MSG.min] });
    const missing = await call(t.app, 'POST', `/api/dashboard/orders/${o.id}/cancel`, {
      token: staff,
      body: {},
    });
    expect(missing.body.errors).toEqual({ reason: [REASON_MSG.required] });
    const done = await call<{ data: TOrder }>(t.app, 'POST', `/api/dashboard/orders/${o.id}/cancel`, {
      token: staff,
      body: { reason: REASON },
    });
    expect(done.body.data).toMatchObject({ status_id: 4, cancelled_by: 'company', cancel_reason: REASON });
  });

  it('complete from the move date on, then the customer confirms, then both archive', async () => {
    const future = await newOrder({ status: 2, arrivalDate: '2026-11-24' });
    expect(
      (await call(t.app, 'POST', `/api/dashboard/orders/${future.id}/complete`, { token: staff })).status,
    ).toBe(409);
    const today = await newOrder({ status: 2, arrivalDate: '2026-11-23' });
    const done = await call<{ data: TOrder }>(t.app, 'POST', `/api/dashboard/orders/${today.id}/complete`, {
      token: staff,
    });
    expect(done.body.data).toMatchObject({ status_id: 7, status: 'Being Completed' });
    const confirm = await call<{ data: TOrder }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${today.id}/complete`,
      { token: customer },
    );
    expect(confirm.body.data).toMatchObject({
      status_id: 5,
      customerCanReview: true,
      customerCanArchive: true,
    });
    const archived = await call<{ data: TOrder }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${today.id}/archive`,
      { token: customer },
    );
    expect(archived.body.data).toMatchObject({ isArchived: true, customerCanArchive: false });
    expect(
      (await call(t.app, 'POST', `/api/dashboard/customer/orders/${today.id}/archive`, { token: customer }))
        .status,
    ).toBe(409);
    const companySide = await call<{ data: TOrder }>(
      t.app,
      'POST',
      `/api/dashboard/orders/${today.id}/archive`,
      { token: staff },
    );
    expect(companySide.body.data.isArchived).toBe(true);
  });

  it('customers cancel with a reason and staff get notified', async () => {
    const o = await newOrder();
    const r = await call<{ data: TOrder }>(t.app, 'POST', `/api/dashboard/customer/orders/${o.id}/cancel`, {
      token: customer,
      body: { reason: REASON },
    });
    expect(r.body.data).toMatchObject({ status_id: 4, cancelled_by: 'customer' });
    const notes = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, customerStaffIds[0]!));
    expect(notes.map((n) => n.title)).toContain(`Casey Customer cancelled order #${o.id}`);
    expect(
      (await call(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, { token: staff, body: {} })).status,
    ).toBe(409);
  });

  it('two accepts at once, or an accept racing a cancel: exactly one wins, the other gets 409', async () => {
    const o = await newOrder();
    const both = await Promise.all([
      call(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, { token: staff, body: {} }),
      call(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, { token: staff, body: {} }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const history = await t.deps.db.select().from(orderHistory).where(eq(orderHistory.orderId, o.id));
    expect(history).toHaveLength(1);

    // An accept racing a customer cancel: if both read New, one wins and the other gets 409; if
    // the cancel reads the accepted order it may still cancel it (customers can cancel Accepted).
    // Either way nothing is lost: the history is one unbroken chain that ends in the order's status.
    const p = await newOrder();
    const race = await Promise.all([
      call(t.app, 'POST', `/api/dashboard/orders/${p.id}/accept`, { token: staff, body: {} }),
      call(t.app, 'POST', `/api/dashboard/customer/orders/${p.id}/cancel`, {
        token: customer,
        body: { reason: REASON },
      }),
    ]);
    const wins = race.filter((r) => r.status === 200).length;
    expect(wins).toBeGreaterThanOrEqual(1);
    for (const r of race) if (r.status !== 200) expect(r.status).toBe(409);
    const chain = await t.deps.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, p.id))
      .orderBy(orderHistory.id);
    expect(chain).toHaveLength(wins);
    chain.forEach((h, i) => {
      expect(h.fromStatus).toBe(i === 0 ? 1 : chain[i - 1]!.toStatus);
    });
    const [final] = await t.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, p.id));
    expect(final?.status).toBe(chain.at(-1)!.toStatus);
  });
});
