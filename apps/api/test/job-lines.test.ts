import { randomUUID } from 'node:crypto';
import type { TJobLine, TJobView } from '@haulpro/shared/move-day';
import type { TOrderView } from '@haulpro/shared/order-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crews } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { call } from './helpers/http.ts';
import { bookAcceptedMove, crewRow } from './helpers/move-day-setup.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/*
 * The job line on the customer's order cards (issue 30): GET customer/orders carries each move-day
 * job at a glance (`job_line`), the same as the job's own answer says, so the dashboard asks for
 * no job per card. The list is kept per clock second; a step, a change or its answer within that
 * second shows at once, as the job tables tell of their changes.
 */

const DAY = '2026-11-30';
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
let t: TTestApp;
let staff: string;
let customer: string;
let branchId: number;
let crewIds: number[] = [];
let recording: string[] | null = null;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    onQuery: (q) => {
      if (recording && !/"sessions"/.test(q)) recording.push(q);
    },
  });
  const db = t.deps.db;
  const companyId = (await createCompany(db, { name: 'Job Line Movers' })).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true, serviceArea: 30 })).id;
  await addServicePrices(db, branchId, { helpersOnly: [80, 120, 160], withTrucks: [130, 170, 230] });
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  const member = (first: string) => crewRow({ companyId, branchId }, first, 'line.test');
  crewIds = (
    await db
      .insert(crews)
      .values(Array.from({ length: 12 }, (_, i) => member(`Line${i}`)))
      .returning()
  ).map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00Z`);
const post = <T = { data: TJobView }>(url: string, token: string, body: unknown = {}) =>
  call<T>(t.app, 'POST', url, { token, body });

/** A cash move of two helpers on DAY, accepted, with two crew members. */
const acceptedOrder = (crew: number[]) =>
  bookAcceptedMove(t, clock, { customer, staff, branchId, day: DAY, crew });

async function step(id: number, type: string, when: string, extra: Record<string, unknown> = {}) {
  clock.set(at(when));
  const r = await post(`/api/dashboard/orders/${id}/job-events`, staff, {
    type,
    idempotency_key: randomUUID(),
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/** The customer's active list, by order id, and the statements it sent. */
async function activeList() {
  recording = [];
  const r = await call<{ data: TOrderView[] }>(t.app, 'GET', '/api/dashboard/customer/orders?tab=active', {
    token: customer,
  });
  const sent = recording;
  recording = null;
  expect(r.status).toBe(200);
  return { byId: new Map(r.body.data.map((o) => [o.id, o])), sent };
}

/** What the job's own answer says, as the card's line puts it. */
async function lineFromJob(id: number): Promise<TJobLine> {
  const r = await call<{ data: TJobView }>(t.app, 'GET', `/api/dashboard/customer/orders/${id}/job`, {
    token: customer,
  });
  expect(r.status).toBe(200);
  const j = r.body.data;
  return {
    state: j.state,
    eta_at: j.eta_at,
    worked_minutes: j.worked_minutes,
    total: j.bill.total,
    pending_changes: j.changes.filter((c) => c.status === 'pending').length,
    to_confirm: j.state === 'finished' && j.can_confirm && !j.confirmed_at,
    time_zone: j.time_zone,
  };
}

describe("the job line on the customer's order cards", () => {
  it('is null before the move day and before the crew takes a step, then says what the job says at every step', async () => {
    const o = await acceptedOrder(crewIds.slice(0, 2));
    const before = await activeList();
    expect(before.byId.get(o.id)?.job_line).toBeNull();
    // Not its move day: the job tables are not read at all.
    expect(before.sent.filter((q) => /job_events/.test(q))).toHaveLength(0);

    clock.set(at('15:00'));
    const dayOf = await activeList();
    expect(dayOf.byId.get(o.id)?.job_line).toBeNull();

    const checks: [string, string, Record<string, unknown>?][] = [
      ['on_my_way', '16:00', { eta_minutes: 25 }],
      ['arrived', '16:20'],
      ['start', '16:30'],
      ['break', '17:30'],
      ['resume', '17:45'],
    ];
    for (const [type, when, extra] of checks) {
      await step(o.id, type, when, extra);
      // Polled in the same second as the step: the kept answer must not be the one before it.
      const line = (await activeList()).byId.get(o.id)?.job_line;
      expect(line, `${type} at ${when}`).toEqual(await lineFromJob(o.id));
      expect(line?.state).not.toBe('not_started');
    }
    const onTheWay = await lineFromJob(o.id);
    expect(onTheWay.state).toBe('working');

    // A change on site waits for the customer: the card counts it at once.
    const change = await post(`/api/dashboard/orders/${o.id}/changes`, staff, {
      kind: 'fixed',
      description: 'Mattress bag',
      amount: 25,
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const waiting = (await activeList()).byId.get(o.id)?.job_line;
    expect(waiting).toMatchObject({ state: 'working', pending_changes: 1 });
    expect(waiting).toEqual(await lineFromJob(o.id));
    const changeId = change.body.data.changes[0]!.id;
    const ok = await post(`/api/dashboard/customer/orders/${o.id}/changes/${changeId}/approve`, customer);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const approved = (await activeList()).byId.get(o.id)?.job_line;
    expect(approved).toMatchObject({ pending_changes: 0 });
    expect(approved).toEqual(await lineFromJob(o.id));
    expect(approved!.total).toBeGreaterThan(waiting!.total);

    // The clock runs: a poll a minute later bills the minute, as the job's answer does.
    clock.set(at('18:46'));
    expect((await activeList()).byId.get(o.id)?.job_line).toEqual(await lineFromJob(o.id));

    await step(o.id, 'finish', '18:50');
    const finished = (await activeList()).byId.get(o.id)?.job_line;
    expect(finished).toMatchObject({ state: 'finished', to_confirm: true });
    expect(finished).toEqual(await lineFromJob(o.id));

    // Confirmed from the dashboard: the order is Completed and leaves move day.
    const confirmed = await post(`/api/dashboard/customer/orders/${o.id}/job/confirm`, customer);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const after = await call<{ data: TOrderView[] }>(
      t.app,
      'GET',
      '/api/dashboard/customer/orders?tab=archive',
      { token: customer },
    );
    const done = after.body.data.find((x) => x.id === o.id) ?? (await activeList()).byId.get(o.id);
    expect(done?.job_line).toBeNull();
  });

  it('reads every job of a page in one statement, whatever the number of move-day orders on it', async () => {
    const started: number[] = [];
    for (let i = 0; i < 3; i++) {
      const o = await acceptedOrder(crewIds.slice(2 + i * 2, 4 + i * 2));
      await step(o.id, 'on_my_way', '16:00', { eta_minutes: 10 + i });
      started.push(o.id);
    }
    clock.set(at('16:05'));
    const { byId, sent } = await activeList();
    for (const [i, id] of started.entries())
      expect(byId.get(id)?.job_line).toMatchObject({
        state: 'on_the_way',
        eta_at: `${DAY}T16:${10 + i}:00.000Z`,
      });
    expect(sent.filter((q) => /job_events/.test(q))).toHaveLength(1);
    expect(sent.filter((q) => /\/job\b|from "order_jobs" where/.test(q))).toHaveLength(0);
  });

  it('other answers of an order leave the line out', async () => {
    const o = await acceptedOrder(crewIds.slice(8, 10));
    const one = await call<{ data: TOrderView }>(t.app, 'GET', `/api/dashboard/customer/orders/${o.id}`, {
      token: customer,
    });
    expect(one.status).toBe(200);
    expect('job_line' in one.body.data).toBe(false);
  });
});
