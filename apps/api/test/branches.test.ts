import { BRANCH_MSG } from '@haulpro/shared/branch';
import { MSG } from '@haulpro/shared/messages';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { branches } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

type TBranch = {
  id: number;
  name: string;
  slug: string;
  is_main: boolean;
  counties: { id: number; name: string }[];
  [k: string]: unknown;
};

let t: TTestApp;
let token: string;
let otherToken: string;
let companyId: number;
let mainId: number;

const valid = {
  name: 'Santa Monica',
  address: '1 Ocean Ave',
  state_id: 6,
  city_id: 0,
  zip_code: '90401',
  latitude: 34.0195,
  longitude: -118.4912,
  service_area: 30,
  primary_phone: '+1 (310) - 555 - 0101',
  county_ids: [6037],
};

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.deps.db, { name: 'Branchy Movers' });
  companyId = company.id;
  mainId = (await createBranchAtZip(t.deps.db, '90001', { companyId, name: 'Branchy Main', isMain: true }))
    .id;
  token = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'staff', companyId })).id);
  const other = await createCompany(t.deps.db, { name: 'Other Movers' });
  await createBranchAtZip(t.deps.db, '94105', { companyId: other.id, name: 'Other Main', isMain: true });
  otherToken = await tokenFor(
    t.deps.db,
    (await createUser(t.deps.db, { role: 'staff', companyId: other.id })).id,
  );
  const zip = await call<{ data: { city_id: number } }>(t.app, 'GET', '/api/dashboard/latLng/90401');
  valid.city_id = zip.body.data.city_id;
});
afterAll(() => t.close());

async function branchCount() {
  const [r] = await t.deps.db.select({ n: count() }).from(branches);
  return r?.n ?? 0;
}

describe('branches CRUD', () => {
  let before = 0;
  beforeEach(async () => {
    before = await branchCount();
  });

  it('creates a branch with the spec payload; slug from the name; counties as a list', async () => {
    const r = await call<{ data: TBranch }>(t.app, 'POST', '/api/dashboard/branches', { token, body: valid });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(BRANCH_MSG.created);
    expect(r.body.data).toMatchObject({
      name: 'Santa Monica',
      slug: 'santa-monica',
      zip_code: '90401',
      state_name: 'California',
      city_name: 'Santa Monica',
      service_area: 30,
      primary_phone: '+1 (310) - 555 - 0101',
      phone_number: '+1 (310) - 555 - 0101',
      counties: [{ id: 6037, name: 'Los Angeles County' }],
      is_main: false,
      time_zone: 'America/Los_Angeles',
      company_name: 'Branchy Movers',
      full_address: '1 Ocean Ave, Santa Monica, CA 90401',
    });
    const again = await call<{ data: TBranch }>(t.app, 'POST', '/api/dashboard/branches', {
      token,
      body: { ...valid, county_ids: 6037 },
    });
    expect(again.body.data.slug).toBe('santa-monica-2');
    expect(again.body.data.counties).toEqual([{ id: 6037, name: 'Los Angeles County' }]);
  });

  it('lists the main branch first', async () => {
    const r = await call<{ data: TBranch[] }>(t.app, 'GET', '/api/dashboard/branches', { token });
    expect(r.body.data[0]).toMatchObject({ id: mainId, is_main: true });
    expect(r.body.data.every((b) => b.company_name === 'Branchy Movers')).toBe(true);
  });

  it.each([
    ['a 61-character name', { name: 'x'.repeat(61) }, { name: [MSG.maxLength60] }],
    ['an empty name', { name: '  ' }, { name: [BRANCH_MSG.nameRequired] }],
    ['a 61-character address', { address: 'x'.repeat(61) }, { address: [MSG.maxLength60] }],
    ['a 4-digit zip', { zip_code: '9040' }, { zip_code: ['Invalid zip code'] }],
    ['an unknown zip', { zip_code: '00000' }, { zip_code: ['Invalid zip code'] }],
    ['a zip in another state', { zip_code: '10001' }, { zip_code: [BRANCH_MSG.zipNotInState] }],
    ['radius 0', { service_area: 0 }, { service_area: [BRANCH_MSG.serviceArea] }],
    ['a negative radius', { service_area: -5 }, { service_area: [BRANCH_MSG.serviceArea] }],
    ['radius 101', { service_area: 101 }, { service_area: [BRANCH_MSG.serviceArea] }],
    ['an unknown county', { county_ids: [6037, 99999] }, { county_ids: [BRANCH_MSG.countyMissing] }],
    ['a phone without the mask', { primary_phone: '3105550101' }, { primary_phone: [MSG.invalidPhone] }],
    ['no phone', { primary_phone: '' }, { primary_phone: [MSG.phoneRequired] }],
  ])('refuses %s with the right message and changes nothing', async (_label, patch, errors) => {
    const r = await call(t.app, 'POST', '/api/dashboard/branches', { token, body: { ...valid, ...patch } });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual(errors);
    expect(await branchCount()).toBe(before);
  });

  it('edits a branch with PATCH (partial), keeping other fields', async () => {
    const created = await call<{ data: TBranch }>(t.app, 'POST', '/api/dashboard/branches', {
      token,
      body: { ...valid, name: 'Venice' },
    });
    const id = created.body.data.id;
    const r = await call<{ data: TBranch }>(t.app, 'PATCH', `/api/dashboard/branches/${id}`, {
      token,
      body: { id, service_area: 55 },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: 'Venice',
      slug: 'venice',
      service_area: 55,
      zip_code: '90401',
    });
    const renamed = await call<{ data: TBranch }>(t.app, 'PATCH', `/api/dashboard/branches/${id}`, {
      token,
      body: { name: 'Venice Beach' },
    });
    expect(renamed.body.data.slug).toBe('venice-beach');
    const bad = await call(t.app, 'PATCH', `/api/dashboard/branches/${id}`, {
      token,
      body: { service_area: 0 },
    });
    expect(bad.status).toBe(422);
    const still = await call<{ data: TBranch }>(t.app, 'GET', `/api/dashboard/branches/${id}`, { token });
    expect(still.body.data.service_area).toBe(55);
  });

  it("another company's branch is a 404 for read, edit and delete", async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Hijack' }],
      ['DELETE', undefined],
    ] as const) {
      const r = await call(t.app, method, `/api/dashboard/branches/${mainId}`, { token: otherToken, body });
      expect(r.status).toBe(404);
    }
    const [row] = await t.deps.db.select().from(branches).where(eq(branches.id, mainId));
    expect(row?.name).toBe('Branchy Main');
  });

  it('the main branch cannot be deleted (409); another branch can, and leaves the list', async () => {
    const main = await call(t.app, 'DELETE', `/api/dashboard/branches/${mainId}`, { token });
    expect(main.status).toBe(409);
    expect(main.body.message).toBe(BRANCH_MSG.mainBranchDelete);
    const created = await call<{ data: TBranch }>(t.app, 'POST', '/api/dashboard/branches', {
      token,
      body: { ...valid, name: 'Temporary' },
    });
    const del = await call(t.app, 'DELETE', `/api/dashboard/branches/${created.body.data.id}`, { token });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(BRANCH_MSG.deleted);
    const list = await call<{ data: TBranch[] }>(t.app, 'GET', '/api/dashboard/branches', { token });
    expect(list.body.data.map((b) => b.id)).not.toContain(created.body.data.id);
    expect(
      (await call(t.app, 'GET', `/api/dashboard/branches/${created.body.data.id}`, { token })).status,
    ).toBe(404);
  });

  it('only staff manage branches', async () => {
    const customer = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'customer' })).id);
    expect((await call(t.app, 'GET', '/api/dashboard/branches', { token: customer })).status).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/dashboard/branches', { token: customer, body: valid })).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/dashboard/branches')).status).toBe(401);
  });

  it('auth/check lists the new branches too', async () => {
    const r = await call<{ data: { branches: { slug: string }[] } }>(
      t.app,
      'GET',
      '/api/dashboard/auth/check',
      { token },
    );
    expect(r.body.data.branches.map((b) => b.slug)).toContain('santa-monica');
  });
});
