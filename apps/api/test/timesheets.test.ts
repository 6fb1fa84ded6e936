import { randomUUID } from 'node:crypto';
import { JOB_MSG } from '@haulpro/shared/move-day';
import { ORDER_STATUS } from '@haulpro/shared/order';
import type { TTimesheets } from '@haulpro/shared/timesheets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crews, jobCrewTimes, jobEvents } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

// Friday 2026-11-27, 10:00 in Los Angeles. The week under test is Monday 2026-11-23 .. Sunday 2026-11-29.
const clock = createTestClock(new Date('2026-11-27T18:00:00Z'));
const D = '/api/dashboard';
const at = (iso: string) => new Date(iso);

let t: TTestApp;
let companyId: number;
let branchId: number;
let otherBranchId: number;
let customerId: number;
let staff: string;
let foreignStaff: string;
let customer: string;
let labor: string;
let ana: number;
let bo: number;
let otherBranchMember: number;
let foreignMember: number;

async function member(company: number, branch: number, first: string, last: string) {
  const [row] = await t.deps.db
    .insert(crews)
    .values({
      companyId: company,
      branchId: branch,
      firstName: first,
      lastName: last,
      email: `${first.toLowerCase()}@example.test`,
      phoneNumber: '+1 (213) - 555 - 0142',
      zipCode: '90001',
    })
    .returning();
  return row!.id;
}

/** An order with its clock steps and its members' own times, written as the move-day module would. */
async function job(
  company: number,
  branch: number,
  date: string,
  steps: [string, string][],
  times: { crewId: number; from: string; to: string | null }[],
) {
  const order = await createOrder(t.deps.db, {
    customerId,
    companyId: company,
    branchId: branch,
    status: ORDER_STATUS.accepted,
    arrivalDate: date,
  });
  for (const [type, iso] of steps) {
    await t.deps.db.insert(jobEvents).values({
      orderId: order.id,
      type: type as 'start',
      at: at(iso),
      idempotencyKey: randomUUID(),
    });
  }
  for (const m of times) {
    await t.deps.db.insert(jobCrewTimes).values({
      orderId: order.id,
      crewId: m.crewId,
      startedAt: at(m.from),
      finishedAt: m.to ? at(m.to) : null,
    });
  }
  return order.id;
}

const sheet = (week: string, token = staff, extra = '') =>
  call<{ data: TTimesheets }>(t.app, 'GET', `${D}/timesheets?week=${week}${extra}`, { token });

let tuesdayJob: number;
let sundayNightJob: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Clock Movers' })).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, name: 'Clock LA', isMain: true })).id;
  otherBranchId = (await createBranchAtZip(db, '90210', { companyId, name: 'Clock BH' })).id;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const foreign = (await createCompany(db, { name: 'Foreign Movers' })).id;
  const foreignBranch = (await createBranchAtZip(db, '94105', { companyId: foreign, isMain: true })).id;
  foreignStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: foreign })).id);
  const c = await createUser(db, { role: 'customer' });
  customerId = c.id;
  customer = await tokenFor(db, c.id);
  labor = await tokenFor(db, (await createUser(db, { role: 'labor' })).id);

  ana = await member(companyId, branchId, 'Ana', 'Lopez');
  bo = await member(companyId, branchId, '=Bo', 'Chen');
  otherBranchMember = await member(companyId, otherBranchId, 'Cy', 'Other');
  foreignMember = await member(foreign, foreignBranch, 'Dee', 'Foreign');

  // Tuesday 2026-11-24, 08:00-13:00 PST with a 30-minute break at 10:00; Bo joins at 09:00.
  tuesdayJob = await job(
    companyId,
    branchId,
    '2026-11-24',
    [
      ['start', '2026-11-24T16:00:00Z'],
      ['break', '2026-11-24T18:00:00Z'],
      ['resume', '2026-11-24T18:30:00Z'],
      ['finish', '2026-11-24T21:00:00Z'],
    ],
    [
      { crewId: ana, from: '2026-11-24T16:00:00Z', to: '2026-11-24T21:00:00Z' },
      { crewId: bo, from: '2026-11-24T17:00:00Z', to: null },
    ],
  );
  // Sunday 2026-11-29 22:00 to Monday 01:30 PST: counts on Sunday of this week.
  sundayNightJob = await job(
    companyId,
    branchId,
    '2026-11-29',
    [
      ['start', '2026-11-30T06:00:00Z'],
      ['finish', '2026-11-30T09:30:00Z'],
    ],
    [{ crewId: ana, from: '2026-11-30T06:00:00Z', to: '2026-11-30T09:30:00Z' }],
  );
  // Sunday 2026-11-22 21:00 PST (Monday 05:00 UTC): the week before.
  await job(
    companyId,
    branchId,
    '2026-11-22',
    [
      ['start', '2026-11-23T05:00:00Z'],
      ['finish', '2026-11-23T07:00:00Z'],
    ],
    [{ crewId: ana, from: '2026-11-23T05:00:00Z', to: '2026-11-23T07:00:00Z' }],
  );
  // Another branch of the company and another company, the same Tuesday.
  await job(
    companyId,
    otherBranchId,
    '2026-11-24',
    [['start', '2026-11-24T16:00:00Z']],
    [{ crewId: otherBranchMember, from: '2026-11-24T16:00:00Z', to: '2026-11-24T18:00:00Z' }],
  );
  await job(
    foreign,
    foreignBranch,
    '2026-11-24',
    [['start', '2026-11-24T16:00:00Z']],
    [{ crewId: foreignMember, from: '2026-11-24T16:00:00Z', to: '2026-11-24T18:00:00Z' }],
  );
});
afterAll(() => t.close());

describe('GET dashboard/timesheets', () => {
  it('totals each member per day, Monday first, with the jobs behind them', async () => {
    const r = await sheet('2026-11-25');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = r.body.data;
    expect(s).toMatchObject({ week_start: '2026-11-23', week_end: '2026-11-29' });
    expect(s.rows.map((row) => [row.name, row.days, row.minutes])).toEqual([
      // Bo: 09:00 to the job's finish at 13:00, less the 30-minute break.
      ['=Bo Chen', [0, 210, 0, 0, 0, 0, 0], 210],
      // Ana: 5 h less the break on Tuesday, 3 h 30 min on Sunday night.
      ['Ana Lopez', [0, 270, 0, 0, 0, 0, 210], 480],
    ]);
    expect(s.total_minutes).toBe(690);
    const anaRow = s.rows.find((row) => row.crew_id === ana);
    expect(anaRow?.jobs).toEqual([
      {
        order_id: tuesdayJob,
        date: '2026-11-24',
        started_at: '2026-11-24T16:00:00.000Z',
        finished_at: '2026-11-24T21:00:00.000Z',
        minutes: 270,
      },
      {
        order_id: sundayNightJob,
        date: '2026-11-29',
        started_at: '2026-11-30T06:00:00.000Z',
        finished_at: '2026-11-30T09:30:00.000Z',
        minutes: 210,
      },
    ]);
    // A member with no finish of their own ends at the job's finish.
    expect(s.rows.find((row) => row.crew_id === bo)?.jobs[0]?.finished_at).toBe('2026-11-24T21:00:00.000Z');
  });

  it('answers the same week for any of its days, and the week boundaries are Monday 00:00', async () => {
    const monday = await sheet('2026-11-23');
    const sunday = await sheet('2026-11-29');
    expect(sunday.body.data).toEqual(monday.body.data);
    const before = await sheet('2026-11-22');
    expect(before.body.data).toMatchObject({ week_start: '2026-11-16', total_minutes: 120 });
    expect(before.body.data.rows[0]?.days).toEqual([0, 0, 0, 0, 0, 0, 120]);
    const after = await sheet('2026-11-30');
    expect(after.body.data).toEqual({
      week_start: '2026-11-30',
      week_end: '2026-12-06',
      rows: [],
      total_minutes: 0,
      time_zone: 'America/Los_Angeles',
    });
  });

  it('shows another branch when asked, and never another company', async () => {
    const other = await sheet('2026-11-24', staff, `&branch_id=${otherBranchId}`);
    expect(other.body.data.rows.map((r) => r.crew_id)).toEqual([otherBranchMember]);
    const foreign = await sheet('2026-11-24', foreignStaff);
    expect(foreign.body.data.rows.map((r) => r.crew_id)).toEqual([foreignMember]);
    const mine = await sheet('2026-11-24');
    expect(mine.body.data.rows.map((r) => r.crew_id)).not.toContain(foreignMember);
    const peek = await sheet('2026-11-24', foreignStaff, `&branch_id=${branchId}`);
    expect(peek.status).toBe(404);
  });

  it('is for staff only', async () => {
    expect((await sheet('2026-11-24', customer)).status).toBe(403);
    expect((await sheet('2026-11-24', labor)).status).toBe(403);
    expect((await call(t.app, 'GET', `${D}/timesheets?week=2026-11-24`)).status).toBe(401);
    expect(
      (await call(t.app, 'GET', `${D}/timesheets.csv?week=2026-11-24`, { token: customer })).status,
    ).toBe(403);
  });

  it('refuses a week that is not a date, in our words', async () => {
    for (const q of ['', '?week=', '?week=2026-02-30', '?week=yesterday', '?week=2026-11-24T00:00:00Z']) {
      const r = await call(t.app, 'GET', `${D}/timesheets${q}`, { token: staff });
      expect(r.status, q).toBe(422);
      expect(JSON.stringify(r.body), q).toContain(JOB_MSG.week);
    }
    const extra = await call(t.app, 'GET', `${D}/timesheets?week=2026-11-24&page=2`, { token: staff });
    expect(extra.status).toBe(422);
    const csv = await call(t.app, 'GET', `${D}/timesheets.csv?week=2026-13-01`, { token: staff });
    expect(csv.status).toBe(422);
  });
});

describe('GET dashboard/timesheets.csv', () => {
  it('is one line per member and job for payroll, in the branch local time', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: `${D}/timesheets.csv?week=2026-11-26`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe('attachment; filename="haulpro-timesheets-2026-11-23.csv"');
    expect(r.body.split('\r\n')).toEqual([
      'Member,Email,Date,Order,Start,Finish,Minutes,Hours',
      // A name that starts like a formula is defused for spreadsheets.
      `'=Bo Chen,=bo@example.test,2026-11-24,${tuesdayJob},2026-11-24 09:00,2026-11-24 13:00,210,3.50`.replace(
        ',=bo@',
        ",'=bo@",
      ),
      `Ana Lopez,ana@example.test,2026-11-24,${tuesdayJob},2026-11-24 08:00,2026-11-24 13:00,270,4.50`,
      `Ana Lopez,ana@example.test,2026-11-29,${sundayNightJob},2026-11-29 22:00,2026-11-30 01:30,210,3.50`,
      '',
    ]);
  });

  it('has only its header for an empty week', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: `${D}/timesheets.csv?week=2026-12-01`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(r.body).toBe('Member,Email,Date,Order,Start,Finish,Minutes,Hours\r\n');
  });
});
