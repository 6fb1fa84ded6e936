import { PRICING_MSG } from '@haulpro/shared/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

let t: TTestApp;
let token: string;
let otherToken: string;
let companyId: number;
let branchId: number;
let otherBranchId: number;
// Friday 2026-11-20, 10:00 in Los Angeles.
const clock = createTestClock(new Date('2026-11-20T18:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  const company = await createCompany(t.deps.db, { name: 'Rules Movers' });
  companyId = company.id;
  branchId = (await createBranchAtZip(t.deps.db, '90001', { companyId, name: 'Rules Main', isMain: true }))
    .id;
  token = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'staff', companyId })).id);
  const other = await createCompany(t.deps.db);
  otherBranchId = (await createBranchAtZip(t.deps.db, '94105', { companyId: other.id, isMain: true })).id;
  otherToken = await tokenFor(
    t.deps.db,
    (await createUser(t.deps.db, { role: 'staff', companyId: other.id })).id,
  );
});
afterAll(() => t.close());

const helpers = {
  name: '2 movers',
  employees_count: 2,
  minimum_hours: 2,
  base_hourly_rate: 99,
  service_type: 1,
};
const trucks = {
  name: '3 movers + truck',
  employees_count: 3,
  minimum_hours: 3,
  base_hourly_rate: 159,
  service_type: 2,
  truck_size: '26 ft',
  truck_number: 1,
};

describe('service prices', () => {
  it('adds, lists by type, edits and deletes', async () => {
    const url = `/api/dashboard/branches/${branchId}/services`;
    const a = await call<{ data: { id: number; base_hourly_rate: number } }>(t.app, 'POST', url, {
      token,
      body: helpers,
    });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe(PRICING_MSG.serviceSaved);
    expect(a.body.data.base_hourly_rate).toBe(99);
    const b = await call<{ data: { id: number } }>(t.app, 'POST', url, { token, body: trucks });
    const list = await call<{
      data: { helpers_only: { name: string }[]; helpers_and_trucks: { name: string; truck_size: string }[] };
    }>(t.app, 'GET', url, { token });
    expect(list.body.data.helpers_only.map((s) => s.name)).toEqual(['2 movers']);
    expect(list.body.data.helpers_and_trucks).toEqual([
      expect.objectContaining({ name: '3 movers + truck', truck_size: '26 ft', truck_number: 1 }),
    ]);
    const edited = await call<{ data: { base_hourly_rate: number } }>(
      t.app,
      'PUT',
      `${url}/${a.body.data.id}`,
      { token, body: { ...helpers, base_hourly_rate: 120 } },
    );
    expect(edited.body.data.base_hourly_rate).toBe(120);
    const del = await call(t.app, 'DELETE', `${url}/${b.body.data.id}`, { token });
    expect(del.body.message).toBe(PRICING_MSG.serviceDeleted);
    expect((await call(t.app, 'DELETE', `${url}/${b.body.data.id}`, { token })).status).toBe(404);
  });

  it.each([
    ['a fractional rate', { base_hourly_rate: 99.5 }, { base_hourly_rate: [PRICING_MSG.integer] }],
    ['26 movers', { employees_count: 26 }, { employees_count: [PRICING_MSG.moverSize] }],
    ['0 movers', { employees_count: 0 }, { employees_count: [PRICING_MSG.moverSize] }],
    ['16 minimum hours', { minimum_hours: 16 }, { minimum_hours: [PRICING_MSG.minimumHours] }],
    ['service type 3', { service_type: 3 }, { service_type: [PRICING_MSG.serviceType] }],
    ['trucks without a count', { ...trucks, truck_number: 11 }, { truck_number: [PRICING_MSG.truckNumber] }],
    ['trucks without a size', { ...trucks, truck_size: '' }, { truck_size: [PRICING_MSG.truckSize] }],
  ])('refuses %s', async (_l, patch, errors) => {
    const r = await call(t.app, 'POST', `/api/dashboard/branches/${branchId}/services`, {
      token,
      body: { ...helpers, ...patch },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual(errors);
  });

  it("another company's branch is a 404", async () => {
    expect(
      (await call(t.app, 'GET', `/api/dashboard/branches/${branchId}/services`, { token: otherToken }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `/api/dashboard/branches/${otherBranchId}/services`, {
          token,
          body: helpers,
        })
      ).status,
    ).toBe(404);
  });
});

describe('calendar offers', () => {
  it('adds a discount and a surcharge, one per date, edits and deletes', async () => {
    const url = `/api/dashboard/branches/${branchId}/discounts`;
    const d = await call<{ data: { id: number; value: number } }>(t.app, 'POST', url, {
      token,
      body: { date: '2026-12-24', is_discount: true, is_value_percentage: true, value: 10 },
    });
    expect(d.status).toBe(200);
    const s = await call<{ data: { id: number; value: number } }>(t.app, 'POST', url, {
      token,
      body: { date: '2026-12-31', is_discount: false, is_value_percentage: false, value: 50 },
    });
    expect(s.body.data.value).toBe(50);
    const dup = await call(t.app, 'POST', url, {
      token,
      body: { date: '2026-12-24', is_discount: false, is_value_percentage: false, value: 5 },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ date: [PRICING_MSG.duplicateDiscount] });
    const list = await call<{ data: { date: string }[] }>(
      t.app,
      'GET',
      `${url}?from=2026-12-01&to=2026-12-31`,
      { token },
    );
    expect(list.body.data.map((x) => x.date)).toEqual(['2026-12-24', '2026-12-31']);
    const moved = await call(t.app, 'PUT', `${url}/${s.body.data.id}`, {
      token,
      body: { date: '2026-12-24', is_discount: false, is_value_percentage: false, value: 50 },
    });
    expect(moved.status).toBe(422);
    expect((await call(t.app, 'DELETE', `${url}/${d.body.data.id}`, { token })).body.message).toBe(
      PRICING_MSG.offerDeleted,
    );
  });

  it('integers only; percentages at most 100; a real date', async () => {
    const url = `/api/dashboard/branches/${branchId}/discounts`;
    const frac = await call(t.app, 'POST', url, {
      token,
      body: { date: '2027-01-05', is_discount: true, is_value_percentage: false, value: 9.99 },
    });
    expect(frac.body.errors).toEqual({ value: [PRICING_MSG.integer] });
    const pct = await call(t.app, 'POST', url, {
      token,
      body: { date: '2027-01-05', is_discount: true, is_value_percentage: true, value: 101 },
    });
    expect(pct.body.errors).toEqual({ value: [PRICING_MSG.percentage] });
    const bad = await call(t.app, 'POST', url, {
      token,
      body: { date: '2027-02-30', is_discount: true, is_value_percentage: true, value: 5 },
    });
    expect(bad.body.errors).toEqual({ date: [PRICING_MSG.dateRequired] });
  });
});

describe('branch pricing', () => {
  it('saves the service fee tab and equipment; the surge distance is raised to the service area', async () => {
    const url = `/api/dashboard/branches/${branchId}/pricing`;
    const r = await call<{ data: Record<string, unknown> }>(t.app, 'PUT', url, {
      token,
      body: {
        service_area: 40,
        surge_distance: 10,
        fee_first_bedroom: 50,
        fee_extra_bedroom: 25,
        helpers_and_trucks_between_double_driving: 10,
        surge_additional_hourly_rate: 20,
        surge_additional_min_hours: 1,
        surge_additional_service_fee: 30,
        travel_area: 0,
        equipments: [{ name: 'Dolly', value: 15, is_active: true }],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      service_area: 40,
      surge_distance: 40,
      fee_first_bedroom: 50,
      travel_area: 1,
      helpers_and_trucks_between_double_driving: 10,
    });
    expect(r.body.data.equipments).toEqual([
      { uuid: expect.any(String), name: 'Dolly', value: 15, is_active: true },
    ]);
    const again = await call<{ data: Record<string, unknown> }>(t.app, 'GET', url, { token });
    expect(again.body.data).toEqual(r.body.data);
    const partial = await call<{ data: { service_area: number; surge_distance: number } }>(
      t.app,
      'PUT',
      url,
      { token, body: { service_area: 60 } },
    );
    expect(partial.body.data).toMatchObject({ service_area: 60, surge_distance: 60 });
  });

  it('refuses out-of-range values', async () => {
    const url = `/api/dashboard/branches/${branchId}/pricing`;
    const r = await call(t.app, 'PUT', url, {
      token,
      body: {
        service_area: 0,
        surge_distance: 101,
        helpers_and_trucks_between_double_driving: 7,
        travel_area: 301,
      },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      service_area: [PRICING_MSG.serviceArea],
      surge_distance: [PRICING_MSG.surge],
      helpers_and_trucks_between_double_driving: [PRICING_MSG.doubleDriving],
      travel_area: [PRICING_MSG.travelArea],
    });
  });
});

describe('company settings', () => {
  it('stores payment methods (dropping empty names), fee and icon; operating window', async () => {
    const url = `/api/dashboard/companies/${companyId}`;
    const r = await call<{ data: Record<string, unknown> }>(t.app, 'PUT', url, {
      token,
      body: {
        payment_methods: [
          { name: 'Visa', is_active: true },
          { name: '', is_active: true },
        ],
        payment_methods_fee: 2.9,
        payment_methods_icon: '%',
        accept_in_period_of: 60,
        accept_next_day_move: false,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      payment_methods_fee: 2.9,
      payment_methods_icon: '%',
      accept_in_period_of: 60,
      accept_next_day_move: false,
    });
    expect(r.body.data.payment_methods).toEqual([
      { uuid: expect.any(String), name: 'Visa', is_active: true },
    ]);
    const fresh = await createCompany(t.deps.db);
    const staff = await tokenFor(
      t.deps.db,
      (await createUser(t.deps.db, { role: 'staff', companyId: fresh.id })).id,
    );
    const defaults = await call<{ data: { payment_methods_icon: string } }>(
      t.app,
      'GET',
      `/api/dashboard/companies/${fresh.id}`,
      { token: staff },
    );
    expect(defaults.body.data.payment_methods_icon).toBe('$');
    expect((await call(t.app, 'GET', url, { token: otherToken })).status).toBe(404);
    const tooLong = await call(t.app, 'PUT', url, {
      token,
      body: { accept_in_period_of: 10000, payment_methods_fee: -1 },
    });
    expect(tooLong.body.errors).toEqual({
      accept_in_period_of: [PRICING_MSG.operatingWindow],
      payment_methods_fee: ['Only positive numbers'],
    });
  });
});

describe('operating hours and blocked time', () => {
  it('working days default to every day 7-18 and save per weekday', async () => {
    const url = `/api/dashboard/working-days?branch_id=${branchId}`;
    const before = await call<{ data: { day: number; from_hour: number }[] }>(t.app, 'GET', url, { token });
    expect(before.body.data).toHaveLength(7);
    expect(before.body.data[0]).toEqual({ day: 0, is_active: true, from_hour: 7, to_hour: 18 });
    const saved = await call<{ data: { day: number; is_active: boolean }[] }>(
      t.app,
      'POST',
      '/api/dashboard/working-days',
      {
        token,
        body: {
          branch_id: branchId,
          days: [
            { day: 0, is_active: false, from_hour: 8, to_hour: 17 },
            { day: 1, is_active: true, from_hour: 8, to_hour: 17 },
          ],
        },
      },
    );
    expect(saved.body.data[0]).toEqual({ day: 0, is_active: false, from_hour: 8, to_hour: 17 });
    const bad = await call(t.app, 'POST', '/api/dashboard/working-days', {
      token,
      body: { branch_id: branchId, days: [{ day: 1, is_active: true, from_hour: 17, to_hour: 8 }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'days.0.to_hour': [PRICING_MSG.hours] });
    expect(
      (await call(t.app, 'GET', `/api/dashboard/working-days?branch_id=${otherBranchId}`, { token })).status,
    ).toBe(404);
  });

  it('blocks a morning, merges an afternoon, refuses past dates but allows today', async () => {
    const url = '/api/dashboard/blocked-days';
    const m = await call<{ data: { id: number; is_on_morning: boolean; is_on_afternoon: boolean } }>(
      t.app,
      'POST',
      url,
      {
        token,
        body: { branch_id: branchId, date: '2026-11-25', is_on_morning: true, is_on_afternoon: false },
      },
    );
    expect(m.status).toBe(200);
    expect(m.body.data).toMatchObject({ is_on_morning: true, is_on_afternoon: false });
    const full = await call<{ data: { id: number } }>(t.app, 'POST', url, {
      token,
      body: { branch_id: branchId, date: '2026-11-25', is_on_morning: true, is_on_afternoon: true },
    });
    expect(full.body.data.id).toBe(m.body.data.id);
    const today = await call(t.app, 'POST', url, {
      token,
      body: { branch_id: branchId, date: '2026-11-20', is_on_morning: false, is_on_afternoon: true },
    });
    expect(today.status).toBe(200);
    const past = await call(t.app, 'POST', url, {
      token,
      body: { branch_id: branchId, date: '2026-11-19', is_on_morning: true, is_on_afternoon: false },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ date: [PRICING_MSG.pastDate] });
    const none = await call(t.app, 'POST', url, {
      token,
      body: { branch_id: branchId, date: '2026-11-26', is_on_morning: false, is_on_afternoon: false },
    });
    expect(none.body.errors).toEqual({ is_on_morning: [PRICING_MSG.blockInterval] });
    const list = await call<{ data: { date: string }[] }>(
      t.app,
      'GET',
      `${url}?branch_id=${branchId}&from=2026-11-01&to=2026-11-30`,
      { token },
    );
    expect(list.body.data.map((b) => b.date)).toEqual(['2026-11-20', '2026-11-25']);
    const edit = await call<{ data: { is_on_morning: boolean } }>(t.app, 'PUT', `${url}/${m.body.data.id}`, {
      token,
      body: { branch_id: branchId, date: '2026-11-25', is_on_morning: false, is_on_afternoon: true },
    });
    expect(edit.body.data.is_on_morning).toBe(false);
    expect((await call(t.app, 'DELETE', `${url}/${m.body.data.id}`, { token: otherToken })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `${url}/${m.body.data.id}`, { token })).body.message).toBe(
      PRICING_MSG.blockDeleted,
    );
  });
});

describe('the engines answer from stored settings', () => {
  it('prices a move from the branch pricing, service, offer and company fee', async () => {
    const b = (await createBranchAtZip(t.deps.db, '90001', { companyId, name: 'Quote Branch' })).id;
    await call(t.app, 'PUT', `/api/dashboard/branches/${b}/pricing`, {
      token,
      body: {
        service_area: 25,
        surge_distance: 40,
        fee_first_bedroom: 50,
        fee_extra_bedroom: 25,
        surge_additional_hourly_rate: 20,
        surge_additional_min_hours: 1,
        surge_additional_service_fee: 30,
        equipments: [{ name: 'Piano board', value: 40, is_active: true }],
      },
    });
    const svc = await call<{ data: { id: number } }>(t.app, 'POST', `/api/dashboard/branches/${b}/services`, {
      token,
      body: { ...helpers, base_hourly_rate: 100 },
    });
    await call(t.app, 'POST', `/api/dashboard/branches/${b}/discounts`, {
      token,
      body: { date: '2026-12-02', is_discount: true, is_value_percentage: true, value: 10 },
    });
    const pricing = await call<{ data: { equipments: { uuid: string }[] } }>(
      t.app,
      'GET',
      `/api/dashboard/branches/${b}/pricing`,
      { token },
    );
    const url = `/api/dashboard/branches/${b}/quote`;
    const body = {
      service_id: svc.body.data.id,
      hours: 3,
      bedrooms: 2,
      from_zip: '90001',
      to_zip: '90210',
      date: '2026-12-01',
      payment_method: 'cash',
    };
    // 19.5 km: no surge. Labor 300 + bedrooms 75 = 375; cash: service fee 0.75 x 100 = 75.
    const plain = await call<{ data: Record<string, number | boolean> }>(t.app, 'POST', url, { token, body });
    expect(plain.status).toBe(200);
    expect(plain.body.data).toMatchObject({
      hourly: 100,
      billable_hours: 3,
      total_for_n_hours: 300,
      bedroom_fee: 75,
      subtotal: 375,
      service_fee: 75,
      total: 450,
      is_surge: false,
    });
    // The 10% offer on 2026-12-02 and the piano board: (375 + 40) - 41.50 + 75.
    const offer = await call<{ data: Record<string, number> }>(t.app, 'POST', url, {
      token,
      body: { ...body, date: '2026-12-02', equipment: [pricing.body.data.equipments[0]!.uuid] },
    });
    expect(offer.body.data).toMatchObject({
      equipment: 40,
      subtotal: 415,
      date_adjustment: -41.5,
      total: 448.5,
    });
    // To San Francisco: surge (+$20/h, +1 h minimum, +$30 fee); the company charges 2.9% on cards.
    const far = await call<{ data: Record<string, number | boolean> }>(t.app, 'POST', url, {
      token,
      body: { ...body, to_zip: '94105', payment_method: 'electronic' },
    });
    expect(far.body.data).toMatchObject({
      is_surge: true,
      hourly: 120,
      total_for_n_hours: 360,
      service_fee: 150,
    });
    expect(far.body.data.processing_fee).toBeCloseTo(((360 + 75 + 150) * 2.9) / 100, 2);
    const badZip = await call(t.app, 'POST', url, { token, body: { ...body, to_zip: '00000' } });
    expect(badZip.body.errors).toEqual({ to_zip: ['Invalid zip code'] });
    expect((await call(t.app, 'POST', url, { token: otherToken, body })).status).toBe(404);
  });

  it('answers availability from hours, blocks and the operating window', async () => {
    const b = (await createBranchAtZip(t.deps.db, '90001', { companyId, name: 'Availability Branch' })).id;
    const at = (date: string, w: string) =>
      call<{ data: { available: boolean; reason?: string } }>(
        t.app,
        'GET',
        `/api/dashboard/branches/${b}/availability?date=${date}&arrival_time=${w}`,
        { token },
      );
    expect((await at('2026-11-23', '8-9')).body.data).toEqual({ available: true });
    await call(t.app, 'POST', '/api/dashboard/blocked-days', {
      token,
      body: { branch_id: b, date: '2026-11-23', is_on_morning: true, is_on_afternoon: false },
    });
    expect((await at('2026-11-23', '8-9')).body.data.reason).toBe('blocked');
    expect((await at('2026-11-23', '1-4')).body.data.available).toBe(true);
    // The company took 60 days and no next-day moves in the settings test above.
    expect((await at('2026-11-21', '8-9')).body.data.reason).toBe('next_day');
    expect((await at('2027-01-20', '8-9')).body.data.reason).toBe('beyond_period');
    expect((await at('2026-11-23', '9-9' as string)).status).toBe(422);
  });
});
