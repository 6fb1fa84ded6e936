import { CREW_MSG, EMPLOYEE_TYPE } from '@haulpro/shared/crew';
import { MSG } from '@haulpro/shared/messages';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crews, orders } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { dataUrl, HTML_TEXT, PNG_BYTES } from './helpers/upload-fixtures.ts';

// Monday 2026-11-23, 10:00 in Los Angeles; the moves are a week later.
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const DATE = '2026-11-30';
const D = '/api/dashboard';

type TCrew = {
  id: number;
  branch_id: number;
  first_name: string;
  is_active: boolean;
  is_driver: boolean;
  employee_type: number;
  employee_type_label: string;
  profile_picture: string | null;
  upcoming_jobs: { order_id: number; arrival_date: string; arrival_time: string; customer_name: string }[];
};
type TOrder = {
  id: number;
  crew: { id: number; first_name: string }[];
  can_assign_crew: boolean;
};
type TItem = {
  branch_id: number;
  full: { message: string; next_date: string | null; next_arrival_time: string | null } | null;
};

let t: TTestApp;
let companyId: number;
let branchId: number;
let otherBranchId: number;
let foreignBranchId: number;
let staff: string;
let foreignStaff: string;
let customer: string;
let labor: string;

const member = (patch: Record<string, unknown> = {}) => ({
  first_name: 'Ana',
  last_name: 'Lopez',
  email: 'ana@example.test',
  phone_number: '+1 (213) - 555 - 0142',
  zip_code: '90001',
  is_active: true,
  is_driver: false,
  employee_type: 'full_time',
  ...patch,
});

async function addMember(branch: number, patch: Record<string, unknown> = {}, token = staff) {
  const r = await call<{ data: TCrew }>(t.app, 'POST', `${D}/branches/${branch}/crews`, {
    token,
    body: member(patch),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

const address = (zip: string) => ({
  address: '1200 E Florence Ave',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Apartment',
  flights_of_stairs: 1,
});
const booking = (branch: number, patch: Record<string, unknown> = {}) => ({
  branch_id: branch,
  type_service: 1,
  type_moving: 1,
  type_help: 3,
  bedrooms_count: 2,
  helpers_count: 2,
  hours_count: 3,
  arrival_date: DATE,
  arrival_time: '8-9',
  payment_method: 'cash',
  name: 'Dana Customer',
  email: 'dana@example.test',
  phone: '+1 (213) - 555 - 0100',
  pickups: [address('90001')],
  destinations: [address('90210')],
  ...patch,
});
const book = (branch: number, patch: Record<string, unknown> = {}) =>
  call<{ data: { order: { id: number } } }>(t.app, 'POST', `${D}/customer/orders`, {
    token: customer,
    body: booking(branch, patch),
  });

/** A company with a branch at a ZIP offering a 2-helper crew (helpers only) and a 2-helper truck crew. */
async function bookableBranch(zip: string, name: string) {
  const c = await createCompany(t.deps.db, { name });
  const b = await createBranchAtZip(t.deps.db, zip, { companyId: c.id, name, isMain: true, serviceArea: 60 });
  await addServicePrices(t.deps.db, b.id, { helpersOnly: [80], withTrucks: [130] });
  const s = await createUser(t.deps.db, { role: 'staff', companyId: c.id });
  return { companyId: c.id, branchId: b.id, staff: await tokenFor(t.deps.db, s.id) };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  const c = await createCompany(db, { name: 'Team Movers' });
  companyId = c.id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, name: 'Team LA', isMain: true })).id;
  otherBranchId = (await createBranchAtZip(db, '90210', { companyId, name: 'Team BH' })).id;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const f = await createCompany(db, { name: 'Foreign Movers' });
  foreignBranchId = (
    await createBranchAtZip(db, '94105', { companyId: f.id, name: 'Foreign SF', isMain: true })
  ).id;
  foreignStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: f.id })).id);
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  labor = await tokenFor(db, (await createUser(db, { role: 'labor' })).id);
});
afterAll(() => t.close());

describe('team members (branches/{id}/crews)', () => {
  it('adds, lists, shows, edits and deletes a member', async () => {
    const created = await call<{ data: TCrew; message: string }>(
      t.app,
      'POST',
      `${D}/branches/${branchId}/crews`,
      {
        token: staff,
        body: member({
          is_driver: 1,
          employee_type: 'part_time',
          profile_picture: dataUrl('image/png', PNG_BYTES),
        }),
      },
    );
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(CREW_MSG.created);
    const m = created.body.data;
    expect(m).toMatchObject({
      branch_id: branchId,
      first_name: 'Ana',
      is_driver: true,
      is_active: true,
      // Sent as the stored word (the alias), answered as the spec's number.
      employee_type: EMPLOYEE_TYPE.partTime,
      employee_type_label: 'Part time',
      upcoming_jobs: [],
    });
    expect(m.profile_picture).toMatch(/^\/uploads\/crews\/[0-9a-f-]+\.png$/);

    const list = await call<{ data: TCrew[]; meta: { total: number; per_page: number } }>(
      t.app,
      'GET',
      `${D}/branches/${branchId}/crews`,
      { token: staff },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((c) => c.id)).toContain(m.id);
    expect(list.body.meta).toMatchObject({ per_page: 15 });

    const one = await call<{ data: TCrew }>(t.app, 'GET', `${D}/branches/${branchId}/crews/${m.id}`, {
      token: staff,
    });
    expect(one.body.data.first_name).toBe('Ana');

    const edited = await call<{ data: TCrew; message: string }>(
      t.app,
      'PATCH',
      `${D}/branches/${branchId}/crews/${m.id}`,
      {
        token: staff,
        body: { first_name: 'Anna', is_active: 0, employee_type: 'contractor', profile_picture: null },
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(CREW_MSG.updated);
    expect(edited.body.data).toMatchObject({
      first_name: 'Anna',
      last_name: 'Lopez',
      is_active: false,
      employee_type: EMPLOYEE_TYPE.contractor,
      employee_type_label: 'Contractor',
      profile_picture: null,
    });

    const del = await call<{ message: string }>(t.app, 'DELETE', `${D}/branches/${branchId}/crews/${m.id}`, {
      token: staff,
    });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(CREW_MSG.deleted);
    const gone = await call(t.app, 'GET', `${D}/branches/${branchId}/crews/${m.id}`, { token: staff });
    expect(gone.status).toBe(404);
    const after = await call<{ data: TCrew[] }>(t.app, 'GET', `${D}/branches/${branchId}/crews`, {
      token: staff,
    });
    expect(after.body.data.map((c) => c.id)).not.toContain(m.id);
    // Soft delete: the row stays for the jobs it worked.
    const rows = await t.deps.db.select().from(crews);
    expect(rows.find((r) => r.id === m.id)?.deletedAt).toBeInstanceOf(Date);
  });

  it("answers every field with the spec's message", async () => {
    const empty = await call(t.app, 'POST', `${D}/branches/${branchId}/crews`, { token: staff, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      first_name: [CREW_MSG.firstNameRequired],
      last_name: [CREW_MSG.lastNameRequired],
      email: [CREW_MSG.emailRequired],
      phone_number: [CREW_MSG.phoneRequired],
      zip_code: [CREW_MSG.zipRequired],
    });
    expect(CREW_MSG.firstNameRequired).toBe('First Name is required!');
    const blank = await call(t.app, 'POST', `${D}/branches/${branchId}/crews`, {
      token: staff,
      body: member({ first_name: '  ', last_name: '', email: '', phone_number: '', zip_code: '' }),
    });
    expect(blank.body.errors).toMatchObject({
      first_name: ['First Name is required!'],
      last_name: ['Last Name is required!'],
      email: ['Email is required!'],
      phone_number: ['Phone number is required!'],
      zip_code: ['Zip Code is required!'],
    });
    const bad = await call(t.app, 'POST', `${D}/branches/${branchId}/crews`, {
      token: staff,
      body: member({ email: 'ana@', phone_number: '+1 (213) - 555 - ', zip_code: '9000' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      email: ['Email is not valid!'],
      phone_number: ['Phone number is not valid!'],
      zip_code: ['Zip Code is not valid!'],
    });
    // 19 characters after the mask pass; 18 do not.
    expect(
      (
        await call(t.app, 'POST', `${D}/branches/${branchId}/crews`, {
          token: staff,
          body: member({ phone_number: '+1 (213) - 555 - 01' }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'POST', `${D}/branches/${branchId}/crews`, {
          token: staff,
          body: member({ phone_number: '+1 (213) - 555 - 0' }),
        })
      ).body.errors,
    ).toEqual({ phone_number: ['Phone number is not valid!'] });
    const type = await call(t.app, 'POST', `${D}/branches/${branchId}/crews`, {
      token: staff,
      body: member({ employee_type: 'intern', is_driver: 'yes' }),
    });
    expect(type.body.errors).toMatchObject({ employee_type: [CREW_MSG.employeeType] });
    expect(type.body.errors?.is_driver).toBeDefined();
    const place = await call(t.app, 'POST', `${D}/branches/${branchId}/crews`, {
      token: staff,
      body: member({ state_id: 999999, city_id: 999999 }),
    });
    expect(place.status).toBe(422);
    expect(place.body.errors).toMatchObject({
      state_id: [CREW_MSG.stateInvalid],
      city_id: [CREW_MSG.cityInvalid],
    });
    const patch = await call(
      t.app,
      'PATCH',
      `${D}/branches/${branchId}/crews/${(await addMember(branchId)).id}`,
      {
        token: staff,
        body: { first_name: '', email: 'nope' },
      },
    );
    expect(patch.body.errors).toMatchObject({
      first_name: ['First Name is required!'],
      email: ['Email is not valid!'],
    });
  });

  it('checks the picture by its bytes', async () => {
    const fake = await call(t.app, 'POST', `${D}/branches/${branchId}/crews`, {
      token: staff,
      body: member({ profile_picture: dataUrl('image/png', HTML_TEXT) }),
    });
    expect(fake.status).toBe(422);
    expect(fake.body.errors).toEqual({ profile_picture: [MSG.imageType] });
  });

  it("hides another company's branch and member (404) and refuses customers and labor (403)", async () => {
    const foreign = await addMember(foreignBranchId, {}, foreignStaff);
    for (const [method, url, body] of [
      ['GET', `${D}/branches/${foreignBranchId}/crews`, undefined],
      ['POST', `${D}/branches/${foreignBranchId}/crews`, member()],
      ['GET', `${D}/branches/${foreignBranchId}/crews/${foreign.id}`, undefined],
      ['PATCH', `${D}/branches/${foreignBranchId}/crews/${foreign.id}`, { first_name: 'X' }],
      ['DELETE', `${D}/branches/${foreignBranchId}/crews/${foreign.id}`, undefined],
      // Their member under our branch's path is no member of ours either.
      ['GET', `${D}/branches/${branchId}/crews/${foreign.id}`, undefined],
      ['GET', `${D}/branches/2147483647/crews`, undefined],
    ] as const) {
      const r = await call(t.app, method, url, { token: staff, ...(body ? { body } : {}) });
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    for (const token of [customer, labor]) {
      expect((await call(t.app, 'GET', `${D}/branches/${branchId}/crews`, { token })).status).toBe(403);
      expect(
        (await call(t.app, 'POST', `${D}/branches/${branchId}/crews`, { token, body: member() })).status,
      ).toBe(403);
    }
    expect((await call(t.app, 'GET', `${D}/branches/${branchId}/crews`)).status).toBe(401);
  });
});

describe('capacity: the team sets what can be booked', () => {
  it('a branch without a team is not limited', async () => {
    const open = await bookableBranch('90011', 'No Team Yet');
    for (let i = 0; i < 4; i++) expect((await book(open.branchId)).status).toBe(201);
  });

  it('a full window is refused with the next free window, in the booking, the live price and the list', async () => {
    const b = await bookableBranch('90002', 'Two Of Us');
    await addMember(b.branchId, { first_name: 'Bo' }, b.staff);
    await addMember(b.branchId, { first_name: 'Cy' }, b.staff);
    // An inactive member does not count.
    await addMember(b.branchId, { first_name: 'Di', is_active: false }, b.staff);
    // 8-9 for 3 hours: both members are out from 8 to 11.
    expect((await book(b.branchId)).status).toBe(201);
    const refused = await book(b.branchId, { arrival_time: '9-10' });
    expect(refused.status).toBe(422);
    const message =
      'This company has no free crew for this arrival window. The next free window is Mon, Nov 30, 2026, 11-12.';
    expect(refused.body.errors).toEqual({ arrival_time: [message] });
    expect(refused.body.message).toBe(message);
    // From 11 the team is free again.
    expect((await book(b.branchId, { arrival_time: '11-12', hours_count: 2 })).status).toBe(201);

    const search = `from_zip=90002&from_date=${DATE}&to_zip=90210&to_date=${DATE}&type_service=1&type_moving=1&helpers_count=2&hours_count=3&arrival_time=9-10`;
    const one = await call(t.app, 'GET', `/api/public/helpers/${b.branchId}?${search}`);
    expect(one.status).toBe(422);
    // 11-12 is taken now too (11 to 1 pm): a 3-hour job fits from 1 pm.
    expect(one.body.errors).toEqual({ arrival_time: [message.replace('11-12', '1-4')] });
    const list = await call<{ data: TItem[] }>(t.app, 'GET', `/api/public/helpers?${search}`);
    expect(list.status).toBe(200);
    const item = list.body.data.find((i) => i.branch_id === b.branchId);
    expect(item?.full).toEqual({
      message: expect.stringContaining('Mon, Nov 30, 2026, 1-4'),
      next_date: DATE,
      next_arrival_time: '1-4',
    });
    // Free branches come first, full ones last.
    const fullAt = list.body.data.findIndex((i) => i.full);
    expect(list.body.data.slice(fullAt).every((i) => i.full)).toBe(true);
    // Another window that day is free: the branch is listed without `full`.
    const later = await call<{ data: TItem[] }>(
      t.app,
      'GET',
      `/api/public/helpers?${search.replace('9-10', '3-6')}`,
    );
    expect(later.body.data.find((i) => i.branch_id === b.branchId)?.full).toBeNull();
  });

  it('trucks need drivers', async () => {
    const b = await bookableBranch('90003', 'One Driver');
    for (const first_name of ['Ed', 'Flo', 'Gus', 'Hal'])
      await addMember(b.branchId, { first_name }, b.staff);
    await addMember(b.branchId, { first_name: 'Ivy', is_driver: true }, b.staff);
    expect((await book(b.branchId, { type_service: 2 })).status).toBe(201);
    const second = await book(b.branchId, { type_service: 2, arrival_time: '9-10' });
    expect(second.status).toBe(422);
    expect(second.body.message).toContain('no free crew');
    // Helpers only still fits: 5 members, 2 out on the truck job.
    expect((await book(b.branchId, { arrival_time: '9-10' })).status).toBe(201);
  });

  it('of two bookings for the last free slot, exactly one wins', async () => {
    const b = await bookableBranch('90004', 'Last Slot');
    await addMember(b.branchId, { first_name: 'Jo' }, b.staff);
    await addMember(b.branchId, { first_name: 'Kim' }, b.staff);
    // Different customers and payloads: nothing but the team decides.
    const other = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'customer' })).id);
    const race = await Promise.all([
      call(t.app, 'POST', `${D}/customer/orders`, { token: customer, body: booking(b.branchId) }),
      call(t.app, 'POST', `${D}/customer/orders`, {
        token: other,
        body: booking(b.branchId, { arrival_time: '9-10', name: 'Other Customer' }),
      }),
      call(t.app, 'POST', `${D}/customer/orders`, {
        token: other,
        body: booking(b.branchId, { arrival_time: '10-11', name: 'Third Customer' }),
      }),
    ]);
    const statuses = race.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422]);
    for (const r of race.filter((x) => x.status !== 201)) expect(r.body.message).toContain('no free crew');
  });

  it('of eight bookings at once for two free slots, exactly two win, and the losers leave no order behind', async () => {
    // The booking places its order first and counts under the branch lock last (issue 30): the
    // count must leave its own order out and see every order committed before it.
    const b = await bookableBranch('90005', 'Two Slots');
    for (const first_name of ['Lu', 'Mo', 'Ny', 'Ol']) await addMember(b.branchId, { first_name }, b.staff);
    const tokens = await Promise.all(
      Array.from({ length: 4 }, async () =>
        tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'customer' })).id),
      ),
    );
    const windows = ['8-9', '9-10', '10-11', '8-9', '9-10', '10-11', '8-9', '9-10'];
    const race = await Promise.all(
      windows.map((arrival_time, i) =>
        call(t.app, 'POST', `${D}/customer/orders`, {
          token: tokens[i % tokens.length],
          body: booking(b.branchId, { arrival_time, name: `Racer ${i}` }),
        }),
      ),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 201, 422, 422, 422, 422, 422, 422]);
    for (const r of race.filter((x) => x.status !== 201)) expect(r.body.message).toContain('no free crew');
    const placed = await t.deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.branchId, b.branchId));
    expect(placed).toHaveLength(2);
  });
});

describe('assigning a crew (PUT orders/{id}/crew)', () => {
  it('assigns active members of the branch, shows them on the order and on their page', async () => {
    const db = t.deps.db;
    const cust = (await createUser(db, { role: 'customer' })).id;
    const a = await addMember(branchId, { first_name: 'Lee' });
    const b2 = await addMember(branchId, { first_name: 'Max', is_driver: true });
    const inactive = await addMember(branchId, { first_name: 'Ned', is_active: false });
    const elsewhere = await addMember(otherBranchId, { first_name: 'Oz' });
    const foreign = await addMember(foreignBranchId, { first_name: 'Pia' }, foreignStaff);
    const order = await createOrder(db, {
      customerId: cust,
      companyId,
      branchId,
      status: ORDER_STATUS.accepted,
      arrivalDate: DATE,
      arrivalTime: '8-9',
      hours: 3,
      name: 'Quinn Customer',
    });
    const overlapping = await createOrder(db, {
      customerId: cust,
      companyId,
      branchId,
      status: ORDER_STATUS.accepted,
      arrivalDate: DATE,
      arrivalTime: '10-11',
      hours: 2,
    });
    const later = await createOrder(db, {
      customerId: cust,
      companyId,
      branchId,
      status: ORDER_STATUS.accepted,
      arrivalDate: DATE,
      arrivalTime: '11-12',
      hours: 2,
    });
    const fresh = await createOrder(db, {
      customerId: cust,
      companyId,
      branchId,
      status: ORDER_STATUS.new,
      arrivalDate: DATE,
    });
    const url = (id: number) => `${D}/orders/${id}/crew`;

    const shown = await call<{ data: TOrder }>(t.app, 'GET', `${D}/orders/${order.id}`, { token: staff });
    expect(shown.body.data).toMatchObject({ crew: [], can_assign_crew: true });
    const notYet = await call<{ data: TOrder }>(t.app, 'GET', `${D}/orders/${fresh.id}`, { token: staff });
    expect(notYet.body.data.can_assign_crew).toBe(false);
    expect(
      (await call(t.app, 'PUT', url(fresh.id), { token: staff, body: { crew_ids: [a.id] } })).status,
    ).toBe(409);

    const ok = await call<{ data: TOrder; message: string }>(t.app, 'PUT', url(order.id), {
      token: staff,
      body: { crew_ids: [a.id, b2.id, a.id] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(CREW_MSG.crewAssigned);
    expect(ok.body.data.crew.map((c) => c.first_name)).toEqual(['Lee', 'Max']);
    const list = await call<{ data: TOrder[] }>(t.app, 'GET', `${D}/orders?filter=all&per_page=100`, {
      token: staff,
    });
    expect(list.body.data.find((o) => o.id === order.id)?.crew.map((c) => c.id)).toEqual([a.id, b2.id]);

    for (const [id, name] of [
      [inactive.id, 'Ned Lopez'],
      [elsewhere.id, 'Oz Lopez'],
      [foreign.id, `Member #${foreign.id}`],
    ] as const) {
      const r = await call(t.app, 'PUT', url(order.id), { token: staff, body: { crew_ids: [a.id, id] } });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({
        crew_ids: [`${name} is not an active member of this order's location.`],
      });
    }

    // Lee is out 8-11 on the first order: 10-11 overlaps, 11-12 does not.
    const busy = await call(t.app, 'PUT', url(overlapping.id), { token: staff, body: { crew_ids: [a.id] } });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(`Lee Lopez is already assigned to order #${order.id} at that time.`);
    expect(
      (await call(t.app, 'PUT', url(later.id), { token: staff, body: { crew_ids: [a.id] } })).status,
    ).toBe(200);

    const page = await call<{ data: TCrew }>(t.app, 'GET', `${D}/branches/${branchId}/crews/${a.id}`, {
      token: staff,
    });
    expect(page.body.data.upcoming_jobs.map((j) => [j.order_id, j.arrival_time])).toEqual([
      [order.id, '8-9'],
      [later.id, '11-12'],
    ]);
    expect(page.body.data.upcoming_jobs[0]?.customer_name).toBe('Quinn Customer');

    // Replaces the set; [] clears it.
    const cleared = await call<{ data: TOrder }>(t.app, 'PUT', url(order.id), {
      token: staff,
      body: { crew_ids: [] },
    });
    expect(cleared.body.data.crew).toEqual([]);

    expect(
      (await call(t.app, 'PUT', url(order.id), { token: foreignStaff, body: { crew_ids: [] } })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'PUT', url(order.id), { token: customer, body: { crew_ids: [] } })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'PUT', url(order.id), { token: staff, body: { crew_ids: ['0x10'] } })).status,
    ).toBe(422);
  });
});
