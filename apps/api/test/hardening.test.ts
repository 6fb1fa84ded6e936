import { ORDER_STATUS } from '@haulpro/shared/order';
import { PARSE_MSG } from '@haulpro/shared/parse';
import { PRICING_MSG } from '@haulpro/shared/pricing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedDays, branches, orders } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { EMAIL_CHECKS_PER_MINUTE } from '../src/modules/geo/geo.routes.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/** Issue 10's one-line reproductions, each now a clear 4xx (never a 500) that changes nothing. */

const clock = createTestClock(new Date('2026-11-23T18:00:00Z')); // Monday 10:00 in LA
let t: TTestApp;
let staff: string;
let customer: string;
let customerId: number;
let staffId: number;
let companyId: number;
let branchId: number;
let orderId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  companyId = (await createCompany(db)).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true })).id;
  staffId = (await createUser(db, { role: 'staff', companyId })).id;
  staff = await tokenFor(db, staffId);
  const c = await createUser(db);
  customerId = c.id;
  customer = await tokenFor(db, c.id);
  orderId = (
    await createOrder(db, {
      customerId,
      companyId,
      branchId,
      status: ORDER_STATUS.accepted,
      arrivalDate: '2026-11-26',
    })
  ).id;
});
afterAll(() => t.close());

describe('1. a NUL byte or another control character anywhere is a 422 on that field', () => {
  it.each([
    [
      'PUT',
      (): string => `/api/dashboard/users/${staffId}`,
      (): string => staff,
      { first_name: 'a\u0000b' },
      'first_name',
    ],
    [
      'PUT',
      (): string => `/api/dashboard/users/${staffId}`,
      (): string => staff,
      { last_name: 'x\u001b[2J' },
      'last_name',
    ],
    [
      'POST',
      (): string => '/api/dashboard/auth/register',
      (): string => '',
      { first_name: 'Ann', last_name: 'Lee\u0000', email: 'ann@example.com', password: 'password1' },
      'last_name',
    ],
    [
      'PUT',
      (): string => `/api/dashboard/branches/${branchId}`,
      (): string => staff,
      { name: 'Main\u0000' },
      'name',
    ],
    [
      'POST',
      (): string => `/api/dashboard/customer/orders/${orderId}/reschedule-requests`,
      (): string => customer,
      { requested_date: '2026-11-30', requested_time: '8-9', note: 'please \u0000' },
      'note',
    ],
    [
      'POST',
      (): string => `/api/dashboard/orders/${orderId}/cancel`,
      (): string => staff,
      { reason: 'x\ud800'.repeat(20) },
      'reason',
    ],
    [
      'POST',
      (): string => '/api/dashboard/branches',
      (): string => staff,
      { 'na\u0000me': 'x' },
      'na\u0000me',
    ],
  ] as const)('%s %s', async (method, url, token, body, field) => {
    const r = await call(t.app, method, url(), { token: token() || undefined, body });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ [field]: [PARSE_MSG.text] });
  });

  it('in a path or a query string, with or without a token', async () => {
    const slug = await call(t.app, 'GET', '/api/public/branches/%00');
    expect(slug.status).toBe(422);
    expect(slug.body.errors).toEqual({ slug: [PARSE_MSG.text] });
    const counties = await call(t.app, 'GET', '/api/dashboard/counties?query=%00');
    expect(counties.status).toBe(422);
    expect(counties.body.errors).toEqual({ query: [PARSE_MSG.text] });
    // Line breaks and tabs are text, not control noise.
    const note = await call(t.app, 'PUT', `/api/dashboard/users/${staffId}`, {
      token: staff,
      body: { first_name: 'Ann' },
    });
    expect(note.status).toBe(200);
  });
});

describe('2. a date that matches the format but does not exist is a 422', () => {
  const search = (d: string) =>
    `/api/public/helpers?from_zip=90001&from_date=${d}&to_zip=90210&type_service=2&type_moving=1`;
  it.each(['2027-02-30', '2027-13-01', '9999-99-99', '0000-01-01'])('helpers from_date=%s', async (d) => {
    const r = await call(t.app, 'GET', search(d));
    expect(r.status).toBe(422);
    expect(r.body.errors?.from_date).toEqual(['Date is required']);
  });

  it.each([
    ['POST', (): string => `/api/dashboard/orders/${orderId}/calculate-price`, (): string => staff],
    [
      'POST',
      (): string => `/api/dashboard/customer/orders/${orderId}/calculate-price`,
      (): string => customer,
    ],
    ['POST', (): string => `/api/dashboard/orders/${orderId}/reschedule-requests`, (): string => staff],
    [
      'POST',
      (): string => `/api/dashboard/customer/orders/${orderId}/reschedule-requests`,
      (): string => customer,
    ],
  ] as const)('%s %s requested_date=2027-02-30', async (method, url, token) => {
    const r = await call(t.app, method, url(), {
      token: token(),
      body: { requested_date: '2027-02-30', requested_time: '8-9', note: 'A new date, please.' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors?.requested_date).toEqual(['Date is required']);
  });

  it.each(['/api/dashboard/orders', '/api/dashboard/orders/counts'])('%s arrival_date_in', async (path) => {
    const r = await call(t.app, 'GET', `${path}?arrival_date_in=2027-02-30,2027-13-01`, { token: staff });
    expect(r.status).toBe(422);
    expect(r.body.errors?.arrival_date_in).toEqual(['Invalid date range']);
    const good = await call(t.app, 'GET', `${path}?arrival_date_in=2026-11-01,2026-11-30`, { token: staff });
    expect(good.status).toBe(200);
  });

  it.each(['2027-13-01', '9999-99-99', '2027-02-29'])('POST customer/orders arrival_date=%s', async (d) => {
    const before = (await t.deps.db.select({ n: count() }).from(orders))[0]!.n;
    const r = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
      token: customer,
      body: { branch_id: branchId, arrival_date: d },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors?.arrival_date).toEqual(['Date is required']);
    expect((await t.deps.db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
  });
});

describe('3. ids parse strictly', () => {
  it.each(['0x10', '%20%201', '1e1', '+1', '01', '2147483648', '-1', '1.0'])(
    'DELETE branches/%s is a 422 and deletes nothing',
    async (id) => {
      const before = (await t.deps.db.select({ n: count() }).from(branches))[0]!.n;
      const r = await call(t.app, 'DELETE', `/api/dashboard/branches/${id}`, { token: staff });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ id: [PARSE_MSG.id] });
      expect((await t.deps.db.select({ n: count() }).from(branches))[0]!.n).toBe(before);
    },
  );

  it('a hex id in a body or a query is refused too', async () => {
    const r = await call(t.app, 'GET', '/api/dashboard/orders?branch_id=0x10', { token: staff });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ branch_id: [PARSE_MSG.id] });
    const accept = await call(t.app, 'POST', `/api/dashboard/orders/${orderId}/accept`, {
      token: staff,
      body: { branch_id: ' 1' },
    });
    expect(accept.status).toBe(422);
    expect(accept.body.errors).toEqual({ branch_id: [PARSE_MSG.id] });
  });
});

describe('4. "false" is false', () => {
  it('POST blocked-days with both flags "false" blocks nothing', async () => {
    const r = await call(t.app, 'POST', '/api/dashboard/blocked-days', {
      token: staff,
      body: { branch_id: branchId, date: '2026-12-10', is_on_morning: 'false', is_on_afternoon: 'false' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ is_on_morning: [PRICING_MSG.blockInterval] });
    expect(await t.deps.db.select().from(blockedDays).where(eq(blockedDays.branchId, branchId))).toEqual([]);
  });

  it.each(['no', 'off', 'yes', '', 2])('refuses %j as a flag', async (flag) => {
    const r = await call(t.app, 'POST', '/api/dashboard/blocked-days', {
      token: staff,
      body: { branch_id: branchId, date: '2026-12-10', is_on_morning: flag, is_on_afternoon: 0 },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors?.is_on_morning).toEqual([PARSE_MSG.boolean]);
  });

  it('1/0 and "1"/"0" are the spec’s flags', async () => {
    const r = await call<{ data: { is_on_morning: boolean; is_on_afternoon: boolean } }>(
      t.app,
      'POST',
      '/api/dashboard/blocked-days',
      {
        token: staff,
        body: { branch_id: branchId, date: '2026-12-11', is_on_morning: 1, is_on_afternoon: '0' },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ is_on_morning: true, is_on_afternoon: false });
  });
});

describe('6. nobody can lock a user out', () => {
  it('ten wrong passwords from one address slow that address, not the owner', async () => {
    const email = 'locked@example.com';
    await createUser(t.deps.db, { email, password: 'right-password' });
    const guesser = '198.51.100.9';
    for (let i = 0; i < 10; i++) {
      const r = await call(t.app, 'POST', '/api/dashboard/auth/login', {
        body: { email, password: `wrong-${i}` },
        ip: guesser,
      });
      expect(r.status).toBe(422);
    }
    const slowed = await call(t.app, 'POST', '/api/dashboard/auth/login', {
      body: { email, password: 'right-password' },
      ip: guesser,
    });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    const owner = await call(t.app, 'POST', '/api/dashboard/auth/login', {
      body: { email, password: 'right-password' },
      ip: '203.0.113.7',
    });
    expect(owner.status).toBe(200);
  });
});

describe('7. e-mail enumeration is throttled', () => {
  it(`answers at most ${EMAIL_CHECKS_PER_MINUTE} look-ups a minute per address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const r = await call(t.app, 'GET', `/api/validations/email/probe${i}@example.com`, {
        ip: '192.0.2.44',
      });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(EMAIL_CHECKS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - EMAIL_CHECKS_PER_MINUTE);
    // Another address is not affected.
    const other = await call<{ valid: boolean }>(t.app, 'GET', '/api/validations/email/new@example.com', {
      ip: '192.0.2.45',
    });
    expect(other.status).toBe(200);
    expect(other.body.valid).toBe(true);
  });

  it('a cached answer never outlives a sign-up', async () => {
    const ip = '192.0.2.46';
    const url = '/api/validations/email/fresh@example.com';
    expect((await call<{ valid: boolean }>(t.app, 'GET', url, { ip })).body.valid).toBe(true);
    const reg = await call(t.app, 'POST', '/api/dashboard/auth/register', {
      body: { first_name: 'Fresh', last_name: 'User', email: 'fresh@example.com', password: 'password1' },
      ip,
    });
    expect(reg.status).toBe(200);
    expect((await call<{ valid: boolean }>(t.app, 'GET', url, { ip })).body.valid).toBe(false);
  });
});
