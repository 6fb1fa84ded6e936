import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { TCalendarAnswer } from '@haulpro/shared/calendar';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { SHOW_UP_WINDOWS } from '@haulpro/shared/pricing-constants';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blockedDays, branches, orders } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { calendarEvent } from '../src/modules/calendar/calendar.service.ts';
import { calendarEventsJson, listCalendarOrders } from '../src/modules/orders/calendar-orders.repository.ts';
import { eventually } from './helpers/eventually.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

// The calendar's month view at scale (issue 30): one statement for the events, built by the
// database, the same answer as the per-row mapping, and a shared answer that every write refreshes.
const clock = createTestClock(new Date('2026-03-04T18:00:00Z'));
const statements: string[] = [];
let t: TTestApp;
let staff: string;
let companyId: number;
let mainId: number;
let customerId: number;
const ZONES = ['America/Los_Angeles', 'America/New_York', 'America/Phoenix', 'Pacific/Honolulu'];
const RANGE = 'from=2026-02-23&to=2026-04-05';

type TAnswer = { data: TCalendarAnswer };

/**
 * A write straight to the database, as another process makes it: its table's trigger notifies
 * the read cache (at once on the embedded database, within milliseconds on a server).
 */
async function writtenElsewhere(write: () => Promise<unknown>) {
  const before = t.deps.cache.generation();
  await write();
  await vi.waitFor(() => expect(t.deps.cache.generation()).not.toBe(before), { timeout: 5000 });
}
const month = (statuses = '1,2,5,6') =>
  call<TAnswer>(t.app, 'GET', `/api/dashboard/calendar?${RANGE}&statuses=${statuses}`, { token: staff });

beforeAll(async () => {
  t = await createTestApp({ clock, onQuery: (q) => statements.push(q) });
  const db = t.deps.db;
  companyId = (await createCompany(db)).id;
  mainId = (await createBranchAtZip(db, '90001', { companyId, isMain: true, name: 'Main "LA"' })).id;
  const second = (await createBranchAtZip(db, '10001', { companyId, name: 'Ñew York · 2nd' })).id;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  customerId = (await createUser(db, {})).id;
  const statuses = [
    ORDER_STATUS.accepted,
    ORDER_STATUS.new,
    ORDER_STATUS.completed,
    ORDER_STATUS.beingRescheduled,
  ];
  // Days on both sides of the spring change (March 8 in the US), every window, odd cents.
  for (let i = 0; i < 60; i += 1) {
    const o = await createOrder(db, {
      customerId,
      companyId,
      branchId: i % 3 ? mainId : second,
      status: statuses[i % statuses.length]!,
      arrivalDate: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
      arrivalTime: SHOW_UP_WINDOWS[i % SHOW_UP_WINDOWS.length]!,
      hours: i % 7,
      helpers: 2 + (i % 3),
      typeService: i % 2 ? 2 : 1,
      totalCents: 10_001 + i * 37,
      name: i % 5 ? `Customer ${i} "quoted" \\ ü 🚚` : `Plain ${i}`,
      phone: `+1 (213) 555-${String(1000 + i)}`,
    });
    await db
      .update(orders)
      .set({ timeZone: ZONES[i % ZONES.length]! })
      .where(eq(orders.id, o.id));
  }
});
afterAll(() => t.close());

describe('the calendar month (issue 30)', () => {
  it('builds the same events in the database as the per-row mapping, in arrival order', async () => {
    const q = { companyId, from: '2026-02-23', to: '2026-04-05', statuses: [1, 2, 5, 6] };
    const expected = (await listCalendarOrders(t.deps.db, q)).map((r) => calendarEvent(r));
    expect(expected).toHaveLength(60);
    const built = JSON.parse(await calendarEventsJson(t.deps.db, q));
    expect(built).toEqual(expected);
    // One branch, one status: the same filter as before.
    const one = { ...q, branchId: mainId, statuses: [2] };
    const expectedOne = (await listCalendarOrders(t.deps.db, one)).map((r) => calendarEvent(r));
    expect(expectedOne.length).toBeGreaterThan(0);
    expect(JSON.parse(await calendarEventsJson(t.deps.db, one))).toEqual(expectedOne);
    expect(await calendarEventsJson(t.deps.db, { ...q, from: '2027-01-01', to: '2027-01-31' })).toBe('[]');
  });

  it('answers a month in three statements, and a repeated month from the shared answer', async () => {
    statements.length = 0;
    const first = await month();
    expect(first.status).toBe(200);
    expect(first.body.data.events).toHaveLength(60);
    // The branch, the events (one statement, whatever the number of orders) and the blocked time.
    // (Beside the caller's session, read once and then kept.)
    const work = statements.filter((s) => !/"sessions"/.test(s));
    expect(work).toHaveLength(3);
    expect(work.filter((s) => /from "orders"|from orders/i.test(s))).toHaveLength(1);
    // Nothing is read again: the answer is the company's, kept until something changes. (On
    // PostgreSQL the change notices of the orders written in beforeAll may still be arriving, and
    // each one rightly forgets the answer: ask until they are all in.)
    await eventually(async () => {
      await month();
      statements.length = 0;
      const again = await month();
      expect(again.body).toEqual(first.body);
      expect(statements).toHaveLength(0);
    });
  });

  it('shows a change at once: an order written by anyone, a renamed branch, a blocked day', async () => {
    const before = await month('2');
    const moved = before.body.data.events[0]!;
    // Straight to the database (another process or a job): the orders trigger invalidates.
    await writtenElsewhere(() =>
      t.deps.db
        .update(orders)
        .set({ status: ORDER_STATUS.cancelled })
        .where(inArray(orders.id, [moved.id])),
    );
    const after = await month('2');
    expect(after.body.data.events.map((e) => e.id)).not.toContain(moved.id);
    expect(after.body.data.events).toHaveLength(before.body.data.events.length - 1);

    // A branch renamed (the branches trigger): its events carry the new name.
    await writtenElsewhere(() =>
      t.deps.db.update(branches).set({ name: 'Main renamed' }).where(eq(branches.id, mainId)),
    );
    const renamed = await month('2');
    const ofMain = renamed.body.data.events.filter((e) => e.branch_id === mainId);
    expect(ofMain.length).toBeGreaterThan(0);
    expect(ofMain.every((e) => e.branch_name === 'Main renamed')).toBe(true);

    const blocked = await call(t.app, 'POST', '/api/dashboard/blocked-days', {
      token: staff,
      body: { branch_id: mainId, date: '2026-03-20', is_on_morning: true, is_on_afternoon: false },
    });
    expect(blocked.status).toBe(200);
    const withBlock = await month('2');
    expect(withBlock.body.data.blocked_days.map((b) => b.date)).toContain('2026-03-20');
    expect(withBlock.body.data.time_zone).toBe('America/Los_Angeles');

    // Blocked time written by another process (the blocked_days trigger, migration 0019).
    await writtenElsewhere(() =>
      t.deps.db.insert(blockedDays).values({
        branchId: mainId,
        companyId,
        date: '2026-03-21',
        isOnMorning: false,
        isOnAfternoon: true,
      }),
    );
    const withSecond = await month('2');
    expect(withSecond.body.data.blocked_days.map((b) => b.date)).toContain('2026-03-21');
  });

  it('sends browsers the month brotli-compressed, the same bytes once decompressed', async () => {
    const url = `/api/dashboard/calendar?${RANGE}&statuses=1,2,5,6`;
    const headers = { authorization: `Bearer ${staff}` };
    const plain = await t.app.inject({ method: 'GET', url, headers });
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'accept-encoding': 'gzip, br' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gzipOnly = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(plain.body);
  });

  it('still answers 404 for another company’s branch, also after the company-wide month is cached', async () => {
    await month();
    const other = (await createCompany(t.deps.db)).id;
    const foreign = (await createBranchAtZip(t.deps.db, '10001', { companyId: other, isMain: true })).id;
    const r = await call(t.app, 'GET', `/api/dashboard/calendar?${RANGE}&branch_id=${foreign}`, {
      token: staff,
    });
    expect(r.status).toBe(404);
  });
});
