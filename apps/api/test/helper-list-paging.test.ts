import { HELPER_PAGE_SIZE } from '@haulpro/shared/booking';
import { PARSE_MSG } from '@haulpro/shared/parse';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedDays, branches, companies, discounts, workingDays } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { loadBookingData, loadSearchData } from '../src/modules/booking/booking.repository.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

type TItem = {
  branch_id: number;
  rating: number;
  reviews_count: number;
  distance_miles: number;
  quote: { total: number };
};
type TMeta = {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  count: number;
  covering_count: number;
};
type TList = { data: TItem[]; meta: TMeta };

// Monday 2026-11-23, 11:00 in Denver; the move is a week later. Denver is quiet in the other tests.
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const DATE = '2026-11-30';
const SEARCH = `from_zip=80202&from_date=${DATE}&to_zip=80203&type_service=2&type_moving=1`;
const BRANCHES = 23;

let t: TTestApp;
const ids: number[] = [];

const list = (query: string) => call<TList>(t.app, 'GET', `/api/public/helpers?${query}`);

describe('the helper list, 20 a page with the total', () => {
  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.deps.db;
    for (let i = 0; i < BRANCHES; i++) {
      const company = await createCompany(db, { name: `Paging Movers ${i}` });
      const b = await createBranchAtZip(db, '80202', {
        companyId: company.id,
        name: `Paging ${i}`,
        isMain: true,
        serviceArea: 40,
        timeZone: 'America/Denver',
        // Every third branch has the same price and rating as the others of its kind: ties that
        // only the order of nearness (then id) can break.
        ratingSum: [0, 9, 8][i % 3],
        reviewsCount: i % 3 ? 2 : 0,
      });
      const rate = i % 3 === 0 ? 100 : 100 + i;
      await addServicePrices(db, b.id, {
        helpersOnly: [rate, rate + 40],
        withTrucks: [rate + 50, rate + 90],
      });
      ids.push(b.id);
    }
  });
  afterAll(() => t.close());

  it('answers page 1 with 20, page 2 with the rest, and the total on both', async () => {
    const one = await list(SEARCH);
    expect(one.status).toBe(200);
    expect(one.body.data).toHaveLength(HELPER_PAGE_SIZE);
    expect(one.body.meta).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: 20,
      total: BRANCHES,
      count: BRANCHES,
      covering_count: BRANCHES,
    });
    expect((await list(`${SEARCH}&page=1`)).body).toEqual(one.body);
    const two = await list(`${SEARCH}&page=2`);
    expect(two.status).toBe(200);
    expect(two.body.data).toHaveLength(BRANCHES - HELPER_PAGE_SIZE);
    expect(two.body.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 20, total: BRANCHES });
    // Together: every branch once, cheapest first across the page boundary.
    const all = [...one.body.data, ...two.body.data];
    expect(new Set(all.map((i) => i.branch_id))).toEqual(new Set(ids));
    const totals = all.map((i) => i.quote.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    // Past the last page: no helpers, the same total.
    const three = await list(`${SEARCH}&page=3`);
    expect(three.status).toBe(200);
    expect(three.body.data).toEqual([]);
    expect(three.body.meta).toMatchObject({ current_page: 3, last_page: 2, total: BRANCHES });
  });

  it('keeps the order stable across pages when sorted by rating, ties included', async () => {
    const pages = [
      (await list(`${SEARCH}&sort=rating&page=1`)).body.data,
      (await list(`${SEARCH}&sort=rating&page=2`)).body.data,
    ];
    const all = pages.flat();
    expect(all.map((i) => i.branch_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const ratings = all.map((i) => i.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    // The same pages again, in the same order.
    const again = [
      (await list(`${SEARCH}&sort=rating&page=1`)).body.data,
      (await list(`${SEARCH}&sort=rating&page=2`)).body.data,
    ].flat();
    expect(again.map((i) => i.branch_id)).toEqual(all.map((i) => i.branch_id));
  });

  it('prices every listed branch exactly as its live price', async () => {
    const query = `${SEARCH}&bedrooms_count=3&arrival_time=2-5`;
    const items = [...(await list(query)).body.data, ...(await list(`${query}&page=2`)).body.data];
    expect(items).toHaveLength(BRANCHES);
    for (const item of items) {
      const live = await call<{ data: TItem }>(
        t.app,
        'GET',
        `/api/public/helpers/${item.branch_id}?${query}`,
      );
      expect(live.status).toBe(200);
      expect(live.body.data).toEqual(item);
    }
  });

  it.each(['abc', '0', '-1', '1.5', '01', '1e1', '0x2', '100001', ''])(
    'refuses page=%s with a 422 on the field',
    async (page) => {
      const r = await list(`${SEARCH}&page=${page}`);
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ page: [PARSE_MSG.integer] });
    },
  );

  it('shows a new branch at once, and drops a branch at midnight of its own time zone', async () => {
    const company = await createCompany(t.deps.db, { name: 'Late Movers' });
    const token = await tokenFor(
      t.deps.db,
      (await createUser(t.deps.db, { role: 'staff', companyId: company.id })).id,
    );
    const before = (await list(SEARCH)).body.meta.total;
    const zip = await call<{
      data: { city_id: number; state_id: number; latitude: number; longitude: number };
    }>(t.app, 'GET', '/api/dashboard/latLng/80202', { token });
    const created = await call<{ data: { id: number } }>(t.app, 'POST', '/api/dashboard/branches', {
      token,
      body: {
        name: 'Late Denver',
        address: '1 Main St',
        state_id: zip.body.data.state_id,
        city_id: zip.body.data.city_id,
        zip_code: '80202',
        latitude: zip.body.data.latitude,
        longitude: zip.body.data.longitude,
        service_area: 30,
        primary_phone: '+1 (303) - 555 - 0100',
        county_ids: [],
      },
    });
    expect(created.status).toBe(200);
    const lateId = created.body.data.id;
    await addServicePrices(t.deps.db, lateId, { helpersOnly: [90], withTrucks: [140] });
    await t.deps.db.update(branches).set({ timeZone: 'America/Denver' }).where(eq(branches.id, lateId));
    // Added through the API: the next search is computed again and counts the new branch.
    expect((await list(SEARCH)).body.meta.covering_count).toBe(before + 1);

    // The move is the day after tomorrow until midnight in Denver, then tomorrow: a company that
    // takes no next-day moves leaves the list at that minute, whatever was computed before.
    await t.deps.db.update(companies).set({ acceptNextDayMove: false }).where(eq(companies.id, company.id));
    clock.set(new Date('2026-11-28T06:59:45Z')); // Friday 23:59:45 in Denver
    const search = SEARCH.replace(DATE, '2026-11-29');
    const listed = async () => {
      const pages = [(await list(search)).body, (await list(`${search}&page=2`)).body];
      return pages.flatMap((p) => p.data.map((i) => i.branch_id));
    };
    expect(await listed()).toContain(lateId);
    // Saturday 00:00:05 in Denver, 20 s later: the branch settings read a moment ago still hold.
    clock.set(new Date('2026-11-28T07:00:05Z'));
    const after = await listed();
    expect(after).not.toContain(lateId);
    expect(after).toHaveLength(BRANCHES);
  });
});

describe('the helper list reads branch settings in one query', () => {
  let app: TTestApp;
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  it('reads exactly what the booking reads, and the city and state of the branch ZIP', async () => {
    const db = app.deps.db;
    const company = await createCompany(db, { name: 'Exact Movers' });
    await db
      .update(companies)
      .set({
        logo: 'logos/exact.png',
        acceptInPeriodOf: 30,
        acceptNextDayMove: false,
        paymentMethods: [{ uuid: 'p1', name: 'Visa', is_active: true }],
        paymentMethodsFee: 350,
        paymentMethodsIcon: '%',
      })
      .where(eq(companies.id, company.id));
    const full = await createBranchAtZip(db, '94105', {
      companyId: company.id,
      name: 'Exact SF',
      isMain: true,
      timeZone: 'America/Los_Angeles',
      email: 'sf@exact.test',
      website: 'https://exact.test',
      foundDate: '2001-02-03',
      employeesCount: 12,
      feeFirstBedroom: 2500,
      feeExtraBedroom: 1500,
      doubleDriving: 10,
      surgeDistance: 40,
      surgeAdditionalHourlyRate: 2000,
      surgeAdditionalMinHours: 1,
      surgeAdditionalServiceFee: 500,
      equipments: [{ uuid: 'e1', name: 'Dolly', value: 1500, is_active: true }],
      ratingSum: 14,
      reviewsCount: 3,
      latitude: 37.78912345678901,
    });
    await addServicePrices(db, full.id, { helpersOnly: [80, 120, 160], withTrucks: [130, 170, 230] });
    await db.insert(workingDays).values([
      { branchId: full.id, day: 1, isActive: true, fromHour: 8, toHour: 17 },
      { branchId: full.id, day: 0, isActive: false, fromHour: 7, toHour: 18 },
    ]);
    await db.insert(blockedDays).values([
      { branchId: full.id, companyId: company.id, date: DATE, isOnMorning: true, isOnAfternoon: false },
      {
        branchId: full.id,
        companyId: company.id,
        date: '2026-12-01',
        isOnMorning: true,
        isOnAfternoon: true,
      },
    ]);
    await db.insert(discounts).values([
      { branchId: full.id, date: DATE, isDiscount: true, isValuePercentage: true, value: 10 },
      { branchId: full.id, date: '2026-12-02', isDiscount: false, isValuePercentage: false, value: 2500 },
    ]);
    const bare = await createBranchAtZip(db, '94107', { companyId: company.id, name: 'Exact Bare' });
    const gone = await createBranchAtZip(db, '94108', { companyId: company.id, name: 'Exact Gone' });
    await db.update(branches).set({ deletedAt: clock.now() }).where(eq(branches.id, gone.id));
    const odd = await createBranchAtZip(db, '94109', { companyId: company.id, name: 'Exact Odd' });
    await db.update(branches).set({ zipCode: '00000' }).where(eq(branches.id, odd.id));

    const ids = [full.id, bare.id, gone.id, odd.id, 2147483000];
    for (const date of [DATE, '2026-12-01', '2026-12-02']) {
      const booking = await loadBookingData(db, ids, date);
      const search = await loadSearchData(db, ids, date);
      expect([...search.keys()].sort()).toEqual([...booking.keys()].sort());
      for (const [id, b] of booking) {
        const { place, ...rest } = search.get(id)!;
        expect(rest).toEqual({ ...b, services: [...b.services].sort((x, y) => x.id - y.id) });
        const zip = await app.services.geo.zipInfo(b.branch.zipCode);
        expect(place).toEqual(zip ? { city_name: zip.city_name, state_code: zip.state_code } : null);
      }
    }
    expect((await loadSearchData(db, [full.id], DATE)).get(full.id)?.place).toEqual({
      city_name: 'San Francisco',
      state_code: 'CA',
    });
  });
});
