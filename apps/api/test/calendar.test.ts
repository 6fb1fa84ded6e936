import { CALENDAR_MSG, type TCalendarAnswer, type TCalendarFeed } from '@haulpro/shared/calendar';
import { ORDER_STATUS } from '@haulpro/shared/order';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

// Wednesday 2026-03-04 10:00 in Los Angeles; daylight saving starts there on Sunday 2026-03-08.
const clock = createTestClock(new Date('2026-03-04T18:00:00Z'));
let t: TTestApp;
let staff: string;
let otherStaff: string;
let customer: string;
let labor: string;
let companyId: number;
let mainId: number;
let secondId: number;
let foreignBranchId: number;

type TAnswer = { data: TCalendarAnswer };
const calendar = (query: string, token = staff) =>
  call<TAnswer>(t.app, 'GET', `/api/dashboard/calendar?${query}`, { token });

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  companyId = (await createCompany(db)).id;
  mainId = (await createBranchAtZip(db, '90001', { companyId, isMain: true, name: 'Main' })).id;
  secondId = (await createBranchAtZip(db, '90210', { companyId, name: 'Hills' })).id;
  const other = (await createCompany(db)).id;
  foreignBranchId = (
    await createBranchAtZip(db, '10001', { companyId: other, isMain: true, timeZone: 'America/New_York' })
  ).id;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  otherStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: other })).id);
  labor = await tokenFor(db, (await createUser(db, { role: 'labor' })).id);
  const c = await createUser(db, { phone: '(310) 555-0100' });
  const customerId = c.id;
  customer = await tokenFor(db, c.id);
  const order = (branchId: number, status: (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS], date: string) =>
    createOrder(db, {
      customerId,
      companyId,
      branchId,
      status,
      arrivalDate: date,
      arrivalTime: '8-9',
      hours: 4,
    });
  // The week of the change: Friday before (PST, UTC-8) and Monday after (PDT, UTC-7).
  await order(mainId, ORDER_STATUS.accepted, '2026-03-06');
  await order(mainId, ORDER_STATUS.accepted, '2026-03-09');
  await order(secondId, ORDER_STATUS.accepted, '2026-03-10');
  await order(mainId, ORDER_STATUS.new, '2026-03-10');
  await order(mainId, ORDER_STATUS.completed, '2026-03-03');
  await order(mainId, ORDER_STATUS.cancelled, '2026-03-10');
  await order(mainId, ORDER_STATUS.accepted, '2026-04-20'); // outside the range
  await createOrder(db, {
    customerId,
    companyId: other,
    branchId: foreignBranchId,
    status: ORDER_STATUS.accepted,
    arrivalDate: '2026-03-09',
  });
  for (const body of [
    { branch_id: mainId, date: '2026-03-11', is_on_morning: true, is_on_afternoon: false },
    { branch_id: secondId, date: '2026-03-12', is_on_morning: true, is_on_afternoon: true },
  ]) {
    const r = await call(t.app, 'POST', '/api/dashboard/blocked-days', { token: staff, body });
    expect(r.status).toBe(200);
  }
});
afterAll(() => t.close());

describe('GET dashboard/calendar', () => {
  it('answers the company-wide range in one call: accepted orders by default and every branch’s blocked time', async () => {
    const r = await calendar('from=2026-03-02&to=2026-03-15');
    expect(r.status).toBe(200);
    const { events, blocked_days, time_zone } = r.body.data;
    expect(time_zone).toBe('America/Los_Angeles');
    expect(events.map((e) => [e.arrival_date, e.branch_id, e.status_id])).toEqual([
      ['2026-03-06', mainId, ORDER_STATUS.accepted],
      ['2026-03-09', mainId, ORDER_STATUS.accepted],
      ['2026-03-10', secondId, ORDER_STATUS.accepted],
    ]);
    expect(blocked_days.map((b) => [b.date, b.branch_id, b.is_on_morning, b.is_on_afternoon])).toEqual([
      ['2026-03-11', mainId, true, false],
      ['2026-03-12', secondId, true, true],
    ]);
    const e = events[0]!;
    expect(e).toMatchObject({
      customer_phone: expect.any(String),
      arrival_time: '8-9',
      service: 'Helpers only',
      helpers_count: expect.any(Number),
      hours_count: 4,
      status: 'Accepted',
      branch_name: 'Main',
    });
  });

  it('places orders at the right hour on both sides of the daylight-saving change in Los Angeles', async () => {
    const { events } = (await calendar('from=2026-03-02&to=2026-03-15')).body.data;
    // 8 am on Friday is 16:00 UTC (PST); 8 am on Monday is 15:00 UTC (PDT); four hours long.
    expect(events[0]).toMatchObject({ start: '2026-03-06T16:00:00.000Z', end: '2026-03-06T20:00:00.000Z' });
    expect(events[1]).toMatchObject({ start: '2026-03-09T15:00:00.000Z', end: '2026-03-09T19:00:00.000Z' });
  });

  it('filters by branch and by the status switches', async () => {
    const one = (await calendar(`branch_id=${secondId}&from=2026-03-02&to=2026-03-15`)).body.data;
    expect(one.events.map((e) => e.branch_id)).toEqual([secondId]);
    expect(one.blocked_days.map((b) => b.branch_id)).toEqual([secondId]);
    const all = (await calendar('from=2026-03-01&to=2026-03-15&statuses=1,2,5,6')).body.data;
    expect(all.events.map((e) => e.status_id).sort()).toEqual([1, 2, 2, 2, 5]);
    const fresh = (await calendar('from=2026-03-01&to=2026-03-15&statuses=1')).body.data;
    expect(fresh.events.map((e) => e.status)).toEqual(['New']);
  });

  it('refuses a bad range or status list with the field and message', async () => {
    for (const [query, field, message] of [
      ['from=2026-03-15&to=2026-03-01', 'to', CALENDAR_MSG.range],
      ['from=2026-01-01&to=2026-03-15', 'to', CALENDAR_MSG.range],
      ['from=2026-03-01&to=2026-03-15&statuses=3', 'statuses', CALENDAR_MSG.statuses],
      ['from=2026-03-01&to=2026-03-15&statuses=1,,2', 'statuses', CALENDAR_MSG.statuses],
      ['from=2026-02-30&to=2026-03-15', 'from', undefined],
      ['to=2026-03-15', 'from', undefined],
    ] as const) {
      const r = await call<{ errors: Record<string, string[]> }>(
        t.app,
        'GET',
        `/api/dashboard/calendar?${query}`,
        {
          token: staff,
        },
      );
      expect(r.status, query).toBe(422);
      expect(r.body.errors[field], query).toBeDefined();
      if (message) expect(r.body.errors[field]).toContain(message);
    }
  });

  it('is for company staff only, and only for their own branches', async () => {
    expect((await calendar('from=2026-03-02&to=2026-03-15', customer)).status).toBe(403);
    expect((await calendar('from=2026-03-02&to=2026-03-15', labor)).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/dashboard/calendar?from=2026-03-02&to=2026-03-15')).status).toBe(
      401,
    );
    expect((await calendar(`branch_id=${foreignBranchId}&from=2026-03-02&to=2026-03-15`)).status).toBe(404);
    const theirs = (await calendar('from=2026-03-02&to=2026-03-15', otherStaff)).body.data;
    expect(theirs.events.map((e) => e.arrival_date)).toEqual(['2026-03-09']);
    expect(theirs.time_zone).toBe('America/New_York');
  });
});

describe('the private iCalendar feed', () => {
  type TFeed = { data: TCalendarFeed; message?: string };
  const feed = (method: 'GET' | 'POST', branchId: number, token = staff) =>
    call<TFeed>(t.app, method, `/api/dashboard/branches/${branchId}/calendar-feed`, { token });

  it('is made by staff, serves the branch’s jobs as iCalendar that parses back, and dies when regenerated', async () => {
    expect((await feed('GET', mainId)).body.data).toEqual({
      branch_id: mainId,
      path: null,
      created_at: null,
    });
    const made = await feed('POST', mainId);
    expect(made.status).toBe(200);
    expect(made.body.message).toBe(CALENDAR_MSG.feedReady);
    const path = made.body.data.path!;
    expect(path).toMatch(/^\/api\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await feed('GET', mainId)).body.data.path).toBe(path);

    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const vcalendar = new ICAL.Component(ICAL.parse(res.body));
    const events = vcalendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    // The main branch's accepted and completed jobs (not New, not Cancelled, not another branch's).
    expect(events.map((e) => e.startDate.toJSDate().toISOString()).sort()).toEqual([
      '2026-03-03T16:00:00.000Z',
      '2026-03-06T16:00:00.000Z',
      '2026-03-09T15:00:00.000Z',
      '2026-04-20T15:00:00.000Z',
    ]);
    const friday = events.find((e) => e.startDate.toJSDate().toISOString() === '2026-03-06T16:00:00.000Z')!;
    expect(friday.endDate.toJSDate().toISOString()).toBe('2026-03-06T20:00:00.000Z');
    expect(friday.summary).toMatch(/^#\d+ .+ · \d+ helpers$/);
    expect(friday.uid).toMatch(/^order-\d+@haulpro$/);
    expect(friday.description).toContain('Arrival between 8 am - 9 am');

    const renewed = (await feed('POST', mainId)).body.data.path!;
    expect(renewed).not.toBe(path);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: renewed })).statusCode).toBe(200);
  });

  it('is for the branch’s own company; unknown or malformed links are 404', async () => {
    expect((await feed('GET', mainId, otherStaff)).status).toBe(404);
    expect((await feed('POST', mainId, otherStaff)).status).toBe(404);
    expect((await feed('POST', mainId, customer)).status).toBe(403);
    for (const file of [
      'nope.ics',
      `${'a'.repeat(43)}.ics`,
      `${'a'.repeat(43)}.txt`,
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/public/calendar/${file}` })).statusCode,
        file,
      ).toBe(404);
    }
  });
});

describe('blocking time from the calendar', () => {
  it('changes what the booking search offers that day (within the search cache’s 30 s)', async () => {
    await addServicePrices(t.deps.db, mainId, { helpersOnly: [70], withTrucks: [100] });
    const day = '2026-03-13'; // a Friday
    const search = async () =>
      (
        await call<{ data: { branch_id: number }[] }>(
          t.app,
          'GET',
          `/api/public/helpers?from_zip=90001&to_zip=90210&from_date=${day}&type_service=2&type_moving=1`,
        )
      ).body.data.map((h) => h.branch_id);
    expect(await search()).toContain(mainId);
    const blocked = await call(t.app, 'POST', '/api/dashboard/blocked-days', {
      token: staff,
      body: { branch_id: mainId, date: day, is_on_morning: true, is_on_afternoon: true },
    });
    expect(blocked.status).toBe(200);
    // The helper list shows estimates kept up to 30 s (decision 009: the booking itself reads the
    // database); once they are older, the blocked day is gone from the search.
    clock.advance(31_000);
    expect(await search()).not.toContain(mainId);
    const shown = (await calendar(`branch_id=${mainId}&from=2026-03-09&to=2026-03-15`)).body.data
      .blocked_days;
    expect(shown.map((b) => b.date)).toContain(day);
  });
});
