import { ORDER_STATUS } from '@haulpro/shared/order';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crews } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { call } from './helpers/http.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

// The helper list keeps each branch's team and day of jobs between searches (issue 30) until a
// write: an unseen search near a seen one reads no team again, and a booking or a crew change
// made by anyone shows at once.
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

/** A write straight to the database, as another process makes it (its trigger notifies the cache). */
async function writtenElsewhere(write: () => Promise<unknown>) {
  const before = t.deps.cache.generation();
  await write();
  await vi.waitFor(() => expect(t.deps.cache.generation()).not.toBe(before), { timeout: 5000 });
}

beforeAll(async () => {
  t = await createTestApp({ clock, onQuery: (q) => statements.push(q) });
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Two Of Us' })).id;
  branchId = (
    await createBranchAtZip(db, '90002', { companyId, name: 'Two Of Us', isMain: true, serviceArea: 60 })
  ).id;
  await addServicePrices(db, branchId, { helpersOnly: [80], withTrucks: [130] });
  customerId = (await createUser(db, {})).id;
  for (const firstName of ['Bo', 'Cy'])
    await db.insert(crews).values({
      branchId,
      companyId,
      firstName,
      lastName: 'Lopez',
      email: `${firstName.toLowerCase()}@example.test`,
      phoneNumber: '+1 (213) - 555 - 0142',
      zipCode: '90001',
      isActive: true,
      isDriver: false,
    });
});
afterAll(() => t.close());

describe('the helper list’s team capacity between searches', () => {
  it('reads the teams once for neighbouring searches, and shows a job booked elsewhere at once', async () => {
    expect((await ours('8-9'))?.full).toBeNull();
    // Another destination: an unseen search over the same branches reads no team again.
    statements.length = 0;
    expect((await ours('8-9', '90211'))?.full).toBeNull();
    expect(statements.filter((s) => /"crews"/.test(s))).toEqual([]);

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
    await writtenElsewhere(() =>
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
    );
    expect((await ours('10-11', '90011'))?.full).toBeNull();
  });
});
