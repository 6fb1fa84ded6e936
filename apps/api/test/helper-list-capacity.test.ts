import { ORDER_STATUS } from '@haulpro/shared/order';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_CAPACITY, tablesReadBy } from '../src/db/client.ts';
import { crews, orders } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { HOLDING_STATUSES } from '../src/domain/capacity.ts';
import { SEARCH_TABLES } from '../src/modules/booking/helper-search.service.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { addTeam } from './helpers/team.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

// The helper list keeps each branch's team and day of jobs between searches (issue 30) until
// they change: an unseen search near a seen one reads no team again, and a booking or a crew
// change made by anyone shows at once. An accept changes neither, so it leaves them kept
// (decision 036).
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const DATE = '2026-11-30';
const statements: string[] = [];
let t: TTestApp;
let branchId: number;
let companyId: number;
let customerId: number;

type TItem = { branch_id: number; full: { next_arrival_time: string | null } | null };
const search = (window: string, toZip = '90210') =>
  call<{ data: TItem[] }>(
    t.app,
    'GET',
    `/api/public/helpers?from_zip=90002&from_date=${DATE}&to_zip=${toZip}&type_service=1&type_moving=1&helpers_count=2&hours_count=3&arrival_time=${window}`,
  );
const ours = async (window: string, toZip?: string) => {
  const r = await search(window, toZip);
  expect(r.status).toBe(200);
  return r.body.data.find((i) => i.branch_id === branchId);
};

/**
 * A write straight to the database, as another process makes it: waits until the trigger's
 * notice of `table` reached the cache.
 */
async function writtenElsewhere(write: () => Promise<unknown>, table = ORDER_CAPACITY) {
  const before = t.deps.cache.stamp([table]);
  await write();
  await vi.waitFor(() => expect(t.deps.cache.fresh(before)).toBe(false), { timeout: 5000 });
}
const crewReads = () => statements.filter((s) => /"crews"/.test(s));

beforeAll(async () => {
  t = await createTestApp({ clock, onQuery: (q) => statements.push(q) });
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Two Of Us' })).id;
  branchId = (
    await createBranchAtZip(db, '90002', { companyId, name: 'Two Of Us', isMain: true, serviceArea: 60 })
  ).id;
  await addServicePrices(db, branchId, { helpersOnly: [80], withTrucks: [130] });
  customerId = (await createUser(db, {})).id;
  await addTeam(db, branchId, companyId, ['Bo', 'Cy']);
});
afterAll(() => t.close());

describe('the helper list’s team capacity between searches', () => {
  it('reads the teams once for neighbouring searches, and shows a job booked elsewhere at once', async () => {
    expect((await ours('8-9'))?.full).toBeNull();
    // Another destination: an unseen search over the same branches reads no team again.
    statements.length = 0;
    expect((await ours('8-9', '90211'))?.full).toBeNull();
    expect(crewReads()).toEqual([]);

    // A job for the whole team from 8 to 11, written by another process.
    await writtenElsewhere(() =>
      createOrder(t.deps.db, {
        customerId,
        companyId,
        branchId,
        status: ORDER_STATUS.accepted,
        arrivalDate: DATE,
        arrivalTime: '8-9',
        hours: 3,
        helpers: 2,
      }),
    );
    expect((await ours('9-10', '90212'))?.full).toMatchObject({ next_arrival_time: '11-12' });
    expect((await ours('9-10'))?.full).toMatchObject({ next_arrival_time: '11-12' });
  });

  it('shows a team that grew elsewhere at once', async () => {
    expect((await ours('10-11', '90001'))?.full).not.toBeNull();
    await writtenElsewhere(
      () =>
        t.deps.db.insert(crews).values([
          {
            branchId,
            companyId,
            firstName: 'Di',
            lastName: 'Lopez',
            email: 'di@example.test',
            phoneNumber: '+1 (213) - 555 - 0143',
            zipCode: '90001',
            isActive: true,
            isDriver: false,
          },
          {
            branchId,
            companyId,
            firstName: 'Ed',
            lastName: 'Lopez',
            email: 'ed@example.test',
            phoneNumber: '+1 (213) - 555 - 0144',
            zipCode: '90001',
            isActive: true,
            isDriver: false,
          },
        ]),
      'crews',
    );
    expect((await ours('10-11', '90011'))?.full).toBeNull();
  });

  it('an accept made elsewhere keeps them; a cancel made elsewhere frees the window at once', async () => {
    const job = await createOrder(t.deps.db, {
      customerId,
      companyId,
      branchId,
      status: ORDER_STATUS.new,
      arrivalDate: DATE,
      arrivalTime: '1-4',
      hours: 2,
      helpers: 4,
    });
    // The whole team of four holds 1 to 3 pm.
    await vi.waitFor(async () => expect((await ours('1-4', '90013'))?.full).not.toBeNull(), {
      timeout: 5000,
    });
    await writtenElsewhere(
      () => t.deps.db.update(orders).set({ status: ORDER_STATUS.accepted }).where(eq(orders.id, job.id)),
      'orders',
    );
    statements.length = 0;
    expect((await ours('1-4', '90014'))?.full).not.toBeNull();
    expect(crewReads()).toEqual([]);
    expect(t.deps.cache.fresh(t.deps.cache.stamp([ORDER_CAPACITY]))).toBe(true);

    await writtenElsewhere(() =>
      t.deps.db.update(orders).set({ status: ORDER_STATUS.cancelled }).where(eq(orders.id, job.id)),
    );
    expect((await ours('1-4', '90015'))?.full).toBeNull();
  });

  it("the staff's accept here keeps them; their cancel frees the window at once", async () => {
    const staff = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'staff', companyId })).id);
    const first = await createOrder(t.deps.db, {
      customerId,
      companyId,
      branchId,
      status: ORDER_STATUS.new,
      arrivalDate: DATE,
      arrivalTime: '3-6',
      hours: 1,
      helpers: 4,
      responseDeadline: new Date('2026-11-24T18:00:00Z'),
    });
    await vi.waitFor(async () => expect((await ours('3-6', '90016'))?.full).not.toBeNull(), {
      timeout: 5000,
    });
    const accepted = await call(t.app, 'POST', `/api/dashboard/orders/${first.id}/accept`, {
      token: staff,
      body: {},
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    statements.length = 0;
    expect((await ours('3-6', '90017'))?.full).not.toBeNull();
    expect(crewReads()).toEqual([]);

    const cancelled = await call(t.app, 'POST', `/api/dashboard/orders/${first.id}/cancel`, {
      token: staff,
      body: { reason: 'The truck broke down this morning, sorry.' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Read at once, with no wait for a notice: this process wrote it.
    expect((await ours('3-6', '90018'))?.full).toBeNull();
  });

  it('the trigger that tells other processes counts the same statuses as holding as the domain (HOLDING_STATUSES)', async () => {
    const r = (await t.deps.db.execute(
      sql`select pg_get_triggerdef(oid) as def from pg_trigger where tgname = 'order_capacity_cache_notify_update'`,
    )) as unknown as { rows: { def: string }[] };
    const def = r.rows[0]?.def ?? '';
    const plain = def.replace(/[()]/g, '').replaceAll('::text', '');
    const lists = [...def.matchAll(/ARRAY\[([^\]]*)\]|IN \(([^)]*)\)/g)].map((m) =>
      (m[1] ?? m[2] ?? '')
        .split(',')
        .map((x) => Number(x.replace(/[^0-9]/g, '')))
        .sort((a, b) => a - b),
    );
    expect(lists).toHaveLength(2);
    for (const l of lists) expect(l).toEqual([...HOLDING_STATUSES].sort((a, b) => a - b));
    for (const column of [
      'branch_id',
      'arrival_date',
      'arrival_time',
      'hours_count',
      'helpers_count',
      'truck_number',
    ])
      expect(plain, def).toContain(`old.${column} IS DISTINCT FROM new.${column}`);
  });

  it('a search reads no table but SEARCH_TABLES (what its kept answer is forgotten on), orders for capacity only, and the places', async () => {
    statements.length = 0;
    // A date no search asked for yet: nothing of it is kept.
    const r = await call(
      t.app,
      'GET',
      '/api/public/helpers?from_zip=90002&from_date=2026-12-02&to_zip=90210&type_service=1&type_moving=1&helpers_count=4&hours_count=9&arrival_time=8-9',
    );
    expect(r.status).toBe(200);
    const read = new Set(statements.flatMap(tablesReadBy));
    expect(read.has('crews') && read.has('service_prices')).toBe(true);
    const allowed = new Set([...SEARCH_TABLES, 'orders', 'zip_codes', 'cities', 'states']);
    expect([...read].filter((x) => !allowed.has(x))).toEqual([]);
    // `orders` only in the holding jobs' read (crews.repository.ts), which ORDER_CAPACITY covers.
    expect(read.has('orders')).toBe(true);
    for (const q of statements.filter((x) => tablesReadBy(x).includes('orders')))
      expect(q).toMatch(
        /^select "id", "branch_id", "arrival_date", "arrival_time", "hours_count", "helpers_count", "truck_number" from "orders"/,
      );
  });
});
