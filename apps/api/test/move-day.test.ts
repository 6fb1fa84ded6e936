import { randomUUID } from 'node:crypto';
import { JOB_MSG, type TJobView, type TToday } from '@haulpro/shared/move-day';
import { ORDER_STATUS } from '@haulpro/shared/order';
import type { TOrderView } from '@haulpro/shared/order-view';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crews, jobEvents, orders, outbox, payouts } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { call } from './helpers/http.ts';
import { bookAcceptedMove, crewRow } from './helpers/move-day-setup.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { dataUrl, PNG_BYTES } from './helpers/upload-fixtures.ts';

/*
 * Move day (issue 28, decision 030) through the API: the crew's steps in order and exactly once,
 * the job clock and the final bill, changes on site, photos, the bill signed on the crew's phone
 * (the work order PDF mailed to both sides and on the order), confirmed from the dashboard,
 * disputed, and confirmed automatically after 48 hours exactly once.
 */

const DAY = '2026-11-30';
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
let t: TTestApp;
let staff: string;
let otherStaff: string;
let customer: string;
let otherCustomer: string;
let labor: string;
let branchId: number;
let crewIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  const companyId = (await createCompany(db, { name: 'Move Day Movers' })).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true, serviceArea: 30 })).id;
  await addServicePrices(db, branchId, { helpersOnly: [80, 120, 160], withTrucks: [130, 170, 230] });
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const other = (await createCompany(db, { name: 'Other Movers' })).id;
  otherStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: other })).id);
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  otherCustomer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  labor = await tokenFor(db, (await createUser(db, { role: 'labor' })).id);
  const member = (first: string) => crewRow({ companyId, branchId }, first);
  crewIds = (
    await db
      .insert(crews)
      .values([member('Ana'), member('Ben')])
      .returning()
  ).map((r) => r.id);
  // Enough free crew for every move this file books on the one day.
  await db.insert(crews).values(Array.from({ length: 40 }, (_, i) => member(`Extra${i}`)));
});
afterAll(async () => {
  await t.close();
});

const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00Z`);
const post = <T = { data: TJobView }>(url: string, token: string, body: unknown = {}) =>
  call<T>(t.app, 'POST', url, { token, body });
const get = <T = { data: TJobView }>(url: string, token: string) => call<T>(t.app, 'GET', url, { token });

/** A cash move of two helpers for two hours on DAY, accepted, with the two crew members assigned. */
const acceptedOrder = (patch: Record<string, unknown> = {}): Promise<TOrderView> =>
  bookAcceptedMove(t, clock, { customer, staff, branchId, day: DAY, crew: crewIds, patch });

/** One step at a time on the server's clock. */
async function step(id: number, type: string, when: string, extra: Record<string, unknown> = {}) {
  clock.set(at(when));
  return post(`/api/dashboard/orders/${id}/job-events`, staff, {
    type,
    idempotency_key: randomUUID(),
    ...extra,
  });
}

async function finishedOrder(): Promise<TOrderView> {
  const o = await acceptedOrder();
  for (const [type, when] of [
    ['on_my_way', '16:00'],
    ['arrived', '16:20'],
    ['start', '16:30'],
    ['finish', '18:30'],
  ] as const)
    expect((await step(o.id, type, when)).status).toBe(200);
  return o;
}

describe('the crew steps through a move day', () => {
  it('goes on the way, arrives, works with a break, adds a change the customer approves, finishes, and the customer signs', async () => {
    const o = await acceptedOrder();
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));

    // Before the move date nothing can be recorded.
    clock.set(new Date('2026-11-29T18:00:00Z'));
    const early = await post(`/api/dashboard/orders/${o.id}/job-events`, staff, {
      type: 'on_my_way',
      idempotency_key: randomUUID(),
    });
    expect(early).toMatchObject({ status: 409, body: { message: JOB_MSG.notToday } });

    const wrong = await step(o.id, 'arrived', '15:50');
    expect(wrong).toMatchObject({
      status: 409,
      body: { message: 'This step is out of order: the next step is On my way.' },
    });
    const way = await step(o.id, 'on_my_way', '16:00', { eta_minutes: 20 });
    expect(way.status, JSON.stringify(way.body)).toBe(200);
    expect(way.body.data).toMatchObject({ state: 'on_the_way', eta_at: '2026-11-30T16:20:00.000Z' });
    const mails = await t.deps.db.select().from(outbox).where(eq(outbox.to, row!.email));
    expect(mails.some((m) => m.subject === 'Your movers are on the way: arriving about 8:20 AM')).toBe(true);

    const seen = await get(`/api/dashboard/customer/orders/${o.id}/job`, customer);
    expect(seen.body.data).toMatchObject({ state: 'on_the_way', next_steps: [], can_sign: false });

    expect((await step(o.id, 'arrived', '16:18')).body.data.state).toBe('arrived');
    expect((await step(o.id, 'start', '16:20')).body.data.next_steps).toEqual(['break', 'finish']);
    expect((await step(o.id, 'resume', '17:00')).body.message).toBe(
      'This step is out of order: the next step is Break or Finish work.',
    );
    expect((await step(o.id, 'break', '17:20')).body.data.state).toBe('on_break');
    const working = await step(o.id, 'resume', '17:40');
    expect(working.body.data).toMatchObject({ state: 'working', break_minutes: 20, worked_minutes: 60 });

    // A change on site: two flights of stairs at 15 minutes each of $80/h.
    const change = await post(`/api/dashboard/orders/${o.id}/changes`, staff, {
      kind: 'stairs',
      description: 'Third-floor walk-up at the destination',
      quantity: 2,
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const stairs = change.body.data.changes[0]!;
    expect(stairs).toMatchObject({ amount: 40, status: 'pending' });
    expect(change.body.data.bill.changes).toBe(0);
    const approved = await post(`/api/dashboard/orders/${o.id}/changes/${stairs.id}/approve`, staff);
    expect(approved.body.data.changes[0]).toMatchObject({ status: 'approved', decided_on: 'site' });
    expect(approved.body.data.bill.changes).toBe(40);
    expect(
      (await post(`/api/dashboard/orders/${o.id}/changes/${stairs.id}/decline`, staff)).body.message,
    ).toBe(JOB_MSG.changeDecided);
    // A fixed extra the customer declines from the dashboard is not billed.
    const fixed = await post(`/api/dashboard/orders/${o.id}/changes`, staff, {
      kind: 'fixed',
      description: 'Mattress bag',
      amount: 25,
    });
    const fixedId = fixed.body.data.changes[1]!.id;
    const declined = await post(
      `/api/dashboard/customer/orders/${o.id}/changes/${fixedId}/decline`,
      customer,
    );
    expect(declined.body.data.changes[1]).toMatchObject({ status: 'declined', decided_on: 'dashboard' });

    // 16:20 → 19:21 less 20 minutes of break: 2 h 41 min worked, billed 2 h 45 min (45 min past the 2 h booked).
    const done = await step(o.id, 'finish', '19:21');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const job = done.body.data;
    expect(job).toMatchObject({
      state: 'finished',
      worked_minutes: 161,
      billable_minutes: 165,
      can_sign: true,
    });
    expect(job.bill).toMatchObject({ extra_minutes: 45, extra_time: 60, changes: 40, paid: 0 });
    expect(job.bill.total).toBeCloseTo(row!.orderPrice / 100 + 100, 2);
    expect(job.bill.balance).toBe(job.bill.total);
    expect(job.crew.map((m) => m.worked_minutes)).toEqual([161, 161]);
    const [stepped] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));
    expect(stepped!.status).toBe(ORDER_STATUS.beingCompleted);
    expect((await step(o.id, 'break', '19:30')).body.message).toBe(JOB_MSG.finished);

    const customerView = await get(`/api/dashboard/customer/orders/${o.id}/job`, customer);
    expect(customerView.body.data).toMatchObject({ can_confirm: true, can_dispute: true, can_sign: false });
    expect(customerView.body.data.confirm_by).toBe('2026-12-02T19:21:00.000Z');

    const bad = await post(`/api/dashboard/orders/${o.id}/sign`, staff, {
      signature: 'data:image/png;base64,AAAA',
    });
    expect(bad).toMatchObject({ status: 422, body: { errors: { signature: [JOB_MSG.signature] } } });
    clock.set(at('19:25'));
    const signed = await post<{ data: TJobView; work_order_url: string }>(
      `/api/dashboard/orders/${o.id}/sign`,
      staff,
      {
        signature: dataUrl('image/png', PNG_BYTES),
      },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data).toMatchObject({
      confirmed_by: 'signature',
      can_sign: false,
      balance_status: 'cash',
    });
    expect(signed.body.data.signed_at).toBe('2026-11-30T19:25:00.000Z');
    const pdf = await t.app.inject({ method: 'GET', url: signed.body.work_order_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [completed] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));
    expect(completed).toMatchObject({
      status: ORDER_STATUS.completed,
      finalPrice: Math.round(job.bill.total * 100),
      balanceStatus: 'cash',
    });
    const [ledger] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(ledger).toMatchObject({ status: 'cash', gross: Math.round(job.bill.total * 100) });
    const workOrders = (await t.deps.db.select().from(outbox)).filter(
      (m) => m.subject === `Work order for move #${o.id}`,
    );
    expect(workOrders.length).toBeGreaterThanOrEqual(2);
    expect(workOrders.every((m) => m.attachments[0]?.contentType === 'application/pdf')).toBe(true);
    expect(workOrders.map((m) => m.to)).toContain(row!.email);

    const again = await post(`/api/dashboard/orders/${o.id}/sign`, staff, {
      signature: dataUrl('image/png', PNG_BYTES),
    });
    expect(again).toMatchObject({ status: 409, body: { message: JOB_MSG.alreadySigned } });
  });

  it('lists the day on Today in arrival order with its state', async () => {
    const late = await acceptedOrder({ arrival_time: '12-3' });
    clock.set(at('17:00'));
    const r = await get<{ data: TToday }>('/api/dashboard/today', staff);
    expect(r.status).toBe(200);
    const mine = r.body.data.jobs.filter((j) => j.kind === 'order');
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.at(-1)?.id).toBe(late.id);
    const j = mine.find((x) => x.id === late.id)!;
    expect(j).toMatchObject({
      href: `/job/${late.id}`,
      state: 'not_started',
      crew: ['Ana Crew', 'Ben Crew'],
    });
    expect(j.maps_url).toContain('https://www.google.com/maps/search/?api=1&query=');
    expect((await get<{ data: TToday }>('/api/dashboard/today', otherStaff)).body.data.jobs).toEqual([]);
    expect((await get('/api/dashboard/today', customer)).status).toBe(403);
  });
});

describe('exactly once', () => {
  it('records twenty identical steps once, and one of twenty different Arrived', async () => {
    const o = await acceptedOrder();
    clock.set(at('16:00'));
    const key = randomUUID();
    const same = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(`/api/dashboard/orders/${o.id}/job-events`, staff, { type: 'on_my_way', idempotency_key: key }),
      ),
    );
    expect(same.map((r) => r.status)).toEqual(Array(20).fill(200));
    const arrived = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(`/api/dashboard/orders/${o.id}/job-events`, staff, {
          type: 'arrived',
          idempotency_key: randomUUID(),
        }),
      ),
    );
    expect(arrived.filter((r) => r.status === 200)).toHaveLength(1);
    expect(arrived.filter((r) => r.status === 409)).toHaveLength(19);
    const rows = await t.deps.db.select().from(jobEvents).where(eq(jobEvents.orderId, o.id));
    expect(rows.map((r) => r.type).sort()).toEqual(['arrived', 'on_my_way']);
  });

  it('finishes once when two phones press Finish work', async () => {
    const o = await acceptedOrder();
    for (const [type, when] of [
      ['on_my_way', '16:00'],
      ['arrived', '16:20'],
      ['start', '16:30'],
    ] as const)
      await step(o.id, type, when);
    clock.set(at('18:30'));
    const both = await Promise.all(
      [0, 1].map(() =>
        post(`/api/dashboard/orders/${o.id}/job-events`, staff, {
          type: 'finish',
          idempotency_key: randomUUID(),
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t.deps.db.select().from(jobEvents).where(eq(jobEvents.orderId, o.id));
    expect(rows.filter((r) => r.type === 'finish')).toHaveLength(1);
  });

  it('confirms a bill left alone for 48 hours once, even with two runners at once; a disputed one waits', async () => {
    const a = await finishedOrder();
    const b = await finishedOrder();
    const disputed = await post(`/api/dashboard/customer/orders/${b.id}/job/dispute`, customer, {
      reason: 'The crew left at 10:15, not 10:30.',
    });
    expect(disputed.body.data).toMatchObject({
      disputed_at: expect.any(String),
      can_dispute: false,
      confirm_by: null,
    });
    clock.set(new Date('2026-12-02T18:29:00Z'));
    expect(await t.services.moveDay.confirmOverdue(10)).toBe(0);
    clock.set(new Date('2026-12-02T18:31:00Z'));
    const runs = await Promise.all([
      t.services.moveDay.confirmOverdue(10),
      t.services.moveDay.confirmOverdue(10),
    ]);
    expect(runs[0]! + runs[1]!).toBeGreaterThanOrEqual(1);
    const [oa] = await t.deps.db.select().from(orders).where(eq(orders.id, a.id));
    const [ob] = await t.deps.db.select().from(orders).where(eq(orders.id, b.id));
    expect(oa!.status).toBe(ORDER_STATUS.completed);
    expect(ob!.status).toBe(ORDER_STATUS.beingCompleted);
    const ja = await get(`/api/dashboard/customer/orders/${a.id}/job`, customer);
    expect(ja.body.data).toMatchObject({ confirmed_by: 'automatic', can_confirm: false });
    expect(ja.body.data.work_order_url).toMatch(/^\/api\/files\/jobs\//);
    const ledgers = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, a.id));
    expect(ledgers).toHaveLength(1);
    // The disputed customer can still confirm it.
    const ok = await post(`/api/dashboard/customer/orders/${b.id}/job/confirm`, customer, {});
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ confirmed_by: 'customer' });
  });
});

describe('who may do what', () => {
  it("keeps every job to its company's staff and its customer", async () => {
    const o = await acceptedOrder();
    clock.set(at('16:00'));
    const body = { type: 'on_my_way', idempotency_key: randomUUID() };
    expect((await post(`/api/dashboard/orders/${o.id}/job-events`, otherStaff, body)).status).toBe(404);
    expect((await post(`/api/dashboard/orders/${o.id}/job-events`, customer, body)).status).toBe(403);
    expect((await post(`/api/dashboard/orders/${o.id}/job-events`, labor, body)).status).toBe(403);
    expect((await get(`/api/dashboard/orders/${o.id}/job`, otherStaff)).status).toBe(404);
    expect((await get(`/api/dashboard/customer/orders/${o.id}/job`, otherCustomer)).status).toBe(404);
    expect(
      (
        await post(`/api/dashboard/orders/${o.id}/sign`, customer, {
          signature: dataUrl('image/png', PNG_BYTES),
        })
      ).status,
    ).toBe(403);
    expect((await post(`/api/dashboard/customer/orders/${o.id}/job/confirm`, otherCustomer, {})).status).toBe(
      404,
    );
    const rows = await t.deps.db.select().from(jobEvents).where(eq(jobEvents.orderId, o.id));
    expect(rows).toHaveLength(0);
  });

  it('answers bad input with field errors in our words', async () => {
    const o = await acceptedOrder();
    clock.set(at('16:00'));
    const url = `/api/dashboard/orders/${o.id}/job-events`;
    expect((await post(url, staff, { type: 'teleport', idempotency_key: randomUUID() })).body.errors).toEqual(
      {
        type: [JOB_MSG.type],
      },
    );
    expect((await post(url, staff, { type: 'arrived', idempotency_key: 'abc' })).body.errors).toEqual({
      idempotency_key: [JOB_MSG.key],
    });
    expect(
      (await post(url, staff, { type: 'on_my_way', eta_minutes: 0, idempotency_key: randomUUID() })).status,
    ).toBe(422);
    await step(o.id, 'on_my_way', '16:00');
    await step(o.id, 'arrived', '16:10');
    const changes = `/api/dashboard/orders/${o.id}/changes`;
    expect((await post(changes, staff, { kind: 'fixed', description: 'Piano' })).body.errors).toEqual({
      amount: [JOB_MSG.amountRequired],
    });
    expect(
      (await post(changes, staff, { kind: 'equipment', description: 'Dolly', equipment_uuid: randomUUID() }))
        .body.errors,
    ).toEqual({
      equipment_uuid: [JOB_MSG.equipmentUnknown],
    });
    expect(
      (await post(changes, staff, { kind: 'fixed', description: 'x', amount: 10.001 })).body.errors,
    ).toEqual({
      amount: [JOB_MSG.amount],
    });
  });

  it("keeps a phone's time within the job's day and after the previous step, and says it corrected it", async () => {
    const o = await acceptedOrder();
    clock.set(at('20:00'));
    const r = await post(`/api/dashboard/orders/${o.id}/job-events`, staff, {
      type: 'on_my_way',
      at: '2026-11-27T10:00:00-08:00',
      idempotency_key: randomUUID(),
    });
    expect(r.status).toBe(200);
    // The day starts at 08:00Z; twelve hours before is 2026-11-29T20:00Z.
    expect(r.body.data.events[0]).toMatchObject({ at: '2026-11-29T20:00:00.000Z', corrected: true });
    const kept = await post(`/api/dashboard/orders/${o.id}/job-events`, staff, {
      type: 'arrived',
      at: '2026-11-30T09:15:00-08:00',
      idempotency_key: randomUUID(),
    });
    expect(kept.body.data.events[1]).toMatchObject({ at: '2026-11-30T17:15:00.000Z', corrected: false });
  });
});

describe('Today', () => {
  it('orders arrivals by when they start, not by their text', async () => {
    const { startMinutes } = await import('../src/modules/move-day/today.ts');
    const list = ['12-3', '10-11', '7-8', '3-6', '9:30 AM', '2:15 PM', '14:00', 'later'];
    expect([...list].sort((a, b) => startMinutes(a) - startMinutes(b))).toEqual([
      '7-8',
      '9:30 AM',
      '10-11',
      '12-3',
      '14:00',
      '2:15 PM',
      '3-6',
      'later',
    ]);
  });
});

describe('the order machine and the job', () => {
  it("refuses the company's Complete while the job is under way, and confirms a finished job's bill through the customer's Complete", async () => {
    const { CLOCK_RUNNING } = await import('../src/modules/orders/customer-complete.ts');
    const o = await acceptedOrder();
    await step(o.id, 'on_my_way', '16:00');
    await step(o.id, 'arrived', '16:20');
    await step(o.id, 'start', '16:30');
    const seen = await get<{ data: TOrderView }>(`/api/dashboard/orders/${o.id}`, staff);
    expect(seen.body.data).toMatchObject({ helperCanComplete: false });
    expect(await post(`/api/dashboard/orders/${o.id}/complete`, staff)).toMatchObject({
      status: 409,
      body: { message: CLOCK_RUNNING },
    });
    await step(o.id, 'finish', '19:00');
    const done = await post<{ data: TOrderView }>(
      `/api/dashboard/customer/orders/${o.id}/complete`,
      customer,
      { tip: 10 },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const job = await get(`/api/dashboard/customer/orders/${o.id}/job`, customer);
    expect(job.body.data).toMatchObject({ confirmed_by: 'customer', balance_status: 'cash' });
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));
    // 2 h 30 min worked against 2 h booked: the bill, not the booking, is what the cash job earned.
    expect(row).toMatchObject({
      status: ORDER_STATUS.completed,
      tip: 1000,
      finalPrice: row!.orderPrice + 4000,
    });
  });
});

describe('On my way without an ETA', () => {
  it('takes the drive from the branch to the first pickup (both in 90001: five minutes)', async () => {
    const o = await acceptedOrder();
    const r = await step(o.id, 'on_my_way', '16:00');
    expect(r.body.data).toMatchObject({ state: 'on_the_way', eta_at: '2026-11-30T16:05:00.000Z' });
    expect(r.body.data.events[0]).toMatchObject({ eta_minutes: 5 });
  });
});
