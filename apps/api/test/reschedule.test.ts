import { defaultRescheduleDate, REASON_MSG, RESCHEDULE_MSG } from '@haulpro/shared/order';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rescheduleRequests } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

type TOrder = Record<string, unknown> & {
  id: number;
  status_id: number;
  reschedule_request: { id: number } | null;
};
const clock = createTestClock(new Date('2026-11-23T18:00:00Z')); // Monday 10:00 in LA
const REASON = 'That day does not work for our crew at all.';
let t: TTestApp;
let staff: string;
let customer: string;
let customerId: number;
let companyId: number;
let branchId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  companyId = (await createCompany(db)).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true })).id;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const c = await createUser(db);
  customerId = c.id;
  customer = await tokenFor(db, c.id);
  // A 10% discount on 2026-12-01 for this branch.
  await call(t.app, 'POST', `/api/dashboard/branches/${branchId}/discounts`, {
    token: staff,
    body: { date: '2026-12-01', is_discount: true, is_value_percentage: true, value: 10 },
  });
});
afterAll(() => t.close());

const accepted = () =>
  createOrder(t.deps.db, { customerId, companyId, branchId, status: 2, arrivalDate: '2026-11-26' });

describe('reschedule', () => {
  it('the default alternate date is the day after the later of the arrival date and today', () => {
    expect(defaultRescheduleDate('2026-11-26', '2026-11-23')).toBe('2026-11-27');
    expect(defaultRescheduleDate('2026-11-20', '2026-11-23')).toBe('2026-11-24');
  });

  it('calculate-price applies the new date’s offer to the stored quote', async () => {
    const o = await accepted(); // 3 h x $100 + $75 service fee = $375
    const plain = await call<{ data: Record<string, number> }>(
      t.app,
      'POST',
      `/api/dashboard/orders/${o.id}/calculate-price`,
      { token: staff, body: { requested_date: '2026-11-30' } },
    );
    expect(plain.body.data).toEqual({
      hourly: 100,
      total_for_n_hours: 300,
      date_adjustment: 0,
      service_fee: 75,
      total: 375,
      hours_count: 3,
    });
    const offer = await call<{ data: Record<string, number> }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${o.id}/calculate-price`,
      { token: customer, body: { requested_date: '2026-12-01' } },
    );
    expect(offer.body.data).toMatchObject({ date_adjustment: -30, total: 345 });
    const past = await call(t.app, 'POST', `/api/dashboard/orders/${o.id}/calculate-price`, {
      token: staff,
      body: { requested_date: '2026-11-23' },
    });
    expect(past.body.errors).toEqual({ requested_date: [RESCHEDULE_MSG.dateTooSoon] });
  });

  it('customer asks, staff approves: the new date and price apply; the old price shows struck while pending', async () => {
    const o = await accepted();
    const missingNote = await call(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${o.id}/reschedule-requests`,
      { token: customer, body: { requested_date: '2026-12-01', requested_time: '9-10', note: ' ' } },
    );
    expect(missingNote.body.errors).toEqual({ note: [RESCHEDULE_MSG.noteRequired] });
    const asked = await call<{ data: TOrder }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${o.id}/reschedule-requests`,
      {
        token: customer,
        body: {
          requested_date: '2026-12-01',
          requested_time: '9-10',
          note: 'We got the keys a week later.',
          price: 1,
        },
      },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({
      status_id: 6,
      isCustomerBeingRescheduled: true,
      old_order_price: 375,
      new_start: '2026-12-01',
      new_arrival_time: '9-10',
      new_order_price: 345,
    });
    const staffView = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/orders/${o.id}`, {
      token: staff,
    });
    expect(staffView.body.data).toMatchObject({ helperCanRespondToReschedule: true });
    const rid = staffView.body.data.reschedule_request!.id;
    // The asker cannot approve their own request.
    expect(
      (
        await call(
          t.app,
          'POST',
          `/api/dashboard/customer/orders/${o.id}/reschedule-requests/${rid}/approve`,
          { token: customer },
        )
      ).status,
    ).toBe(409);
    const ok = await call<{ data: TOrder }>(
      t.app,
      'POST',
      `/api/dashboard/orders/${o.id}/reschedule-requests/${rid}/approve`,
      { token: staff },
    );
    expect(ok.body.data).toMatchObject({
      status_id: 2,
      arrival_date: '2026-12-01',
      arrival_time: '9-10',
      order_price: 345,
      reschedule_request: null,
    });
    const [req] = await t.deps.db.select().from(rescheduleRequests).where(eq(rescheduleRequests.id, rid));
    expect(req?.status).toBe('approved');
  });

  it('staff asks, customer rejects with a reason: the order goes back unchanged', async () => {
    const o = await accepted();
    const asked = await call<{ data: TOrder }>(
      t.app,
      'POST',
      `/api/dashboard/orders/${o.id}/reschedule-requests`,
      {
        token: staff,
        body: { requested_date: '2026-11-30', requested_time: '1-4', note: 'Our truck is in the shop.' },
      },
    );
    expect(asked.body.data).toMatchObject({ status_id: 6, isHelperBeingRescheduled: true });
    const rid = asked.body.data.reschedule_request!.id;
    const noReason = await call(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${o.id}/reschedule-requests/${rid}/reject`,
      { token: customer, body: { reason: 'no' } },
    );
    expect(noReason.body.errors).toEqual({ reason: [REASON_MSG.min] });
    const rejected = await call<{ data: TOrder }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${o.id}/reschedule-requests/${rid}/reject`,
      { token: customer, body: { reason: REASON } },
    );
    expect(rejected.body.data).toMatchObject({ status_id: 2, arrival_date: '2026-11-26', order_price: 375 });
    const [req] = await t.deps.db.select().from(rescheduleRequests).where(eq(rescheduleRequests.id, rid));
    expect(req).toMatchObject({ status: 'rejected', reason: REASON });
  });

  it('staff can apply a new date at once ("Reschedule approved")', async () => {
    const o = await accepted();
    const r = await call<{ data: TOrder }>(
      t.app,
      'POST',
      `/api/dashboard/orders/${o.id}/reschedule-requests`,
      {
        token: staff,
        body: {
          requested_date: '2026-12-01',
          requested_time: '8-9',
          note: 'Agreed on the phone.',
          instantly: true,
        },
      },
    );
    expect(r.body.message).toBe('Order rescheduled');
    expect(r.body.data).toMatchObject({ status_id: 2, arrival_date: '2026-12-01', order_price: 345 });
    // Customers cannot skip the other side's approval.
    const c = await call<{ data: TOrder }>(
      t.app,
      'POST',
      `/api/dashboard/customer/orders/${o.id}/reschedule-requests`,
      {
        token: customer,
        body: {
          requested_date: '2026-12-02',
          requested_time: '8-9',
          note: 'One more day please.',
          instantly: true,
        },
      },
    );
    expect(c.body.data.status_id).toBe(6);
  });
});
