import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, zipCodes } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createCoverageIndex } from '../src/modules/geo/coverage-index.ts';
import { coveringBranches } from '../src/modules/geo/geo.repository.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TValid = { valid: boolean; data: { valid: boolean } };

describe('validations', () => {
  it('zip_code: known five-digit ZIPs only', async () => {
    for (const [zip, valid] of [
      ['90001', true],
      ['94105', true],
      ['00000', false],
      ['9000', false],
      ['900011', false],
      ['abcde', false],
    ] as const) {
      const r = await call<TValid>(t.app, 'GET', `/api/validations/zip_code/${zip}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ valid, data: { valid } });
    }
  });

  it('email: well-formed and not registered yet', async () => {
    await createUser(t.deps.db, { email: 'taken@example.test' });
    const taken = await call<TValid>(t.app, 'GET', '/api/validations/email/TAKEN%40example.test');
    const free = await call<TValid>(t.app, 'GET', '/api/validations/email/free%40example.test');
    const bad = await call<TValid>(t.app, 'GET', '/api/validations/email/not-an-email');
    expect([taken.body.valid, free.body.valid, bad.body.valid]).toEqual([false, true, false]);
  });
});

describe('geography', () => {
  it('GET cities without state_id lists the states; with it, that state’s cities', async () => {
    const states = await call<{ data: { display: string; value: number }[] }>(
      t.app,
      'GET',
      '/api/dashboard/cities',
    );
    expect(states.status).toBe(200);
    expect(states.body.data.length).toBeGreaterThanOrEqual(51);
    expect(states.body.data).toContainEqual(expect.objectContaining({ display: 'California', value: 6 }));
    const ca = await call<{ data: { display: string; value: number }[] }>(
      t.app,
      'GET',
      '/api/dashboard/cities?state_id=6',
    );
    expect(ca.body.data.map((c) => c.display)).toEqual(
      expect.arrayContaining(['Los Angeles', 'Beverly Hills', 'San Francisco']),
    );
  });

  it('GET counties?query= is a case-insensitive substring search, prefix matches first, at most 20', async () => {
    const r = await call<{ data: { id: number; name: string; state_code: string }[] }>(
      t.app,
      'GET',
      '/api/dashboard/counties?query=los%20ang',
    );
    expect(r.body.data[0]).toEqual({ id: 6037, name: 'Los Angeles County', state_code: 'CA' });
    const many = await call<{ data: { name: string }[] }>(t.app, 'GET', '/api/dashboard/counties?query=WASH');
    expect(many.body.data).toHaveLength(20);
    expect(many.body.data.every((c) => c.name.toLowerCase().includes('wash'))).toBe(true);
    const odd = await call<{ data: unknown[] }>(t.app, 'GET', '/api/dashboard/counties?query=%25_%5C');
    expect(odd.status).toBe(200);
    expect(odd.body.data).toEqual([]);
  });

  it('GET latLng/{zip} answers coordinates, state, city and county; unknown zip is a 404', async () => {
    const r = await call<{ data: Record<string, unknown> }>(t.app, 'GET', '/api/dashboard/latLng/90210');
    expect(r.body.data).toMatchObject({
      zip_code: '90210',
      latitude: 34.0901,
      longitude: -118.4065,
      state_code: 'CA',
      city_name: 'Beverly Hills',
      county_id: 6037,
      county_name: 'Los Angeles County',
    });
    const unknown = await call(t.app, 'GET', '/api/dashboard/latLng/00000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Invalid zip code');
  });
});

describe('coverage query', () => {
  it('a branch in 90001 with 25 km covers 90210 and not 94105; nearest first', async () => {
    const company = await createCompany(t.deps.db, { name: 'Coverage Co' });
    const la = await createBranchAtZip(t.deps.db, '90001', {
      companyId: company.id,
      name: 'LA 25km',
      serviceArea: 25,
      isMain: true,
    });
    const pasadena = await createBranchAtZip(t.deps.db, '91101', {
      companyId: company.id,
      name: 'Pasadena 40km',
      serviceArea: 40,
    });
    const tiny = await createBranchAtZip(t.deps.db, '91101', {
      companyId: company.id,
      name: 'Pasadena 1km',
      serviceArea: 1,
    });
    const deleted = await createBranchAtZip(t.deps.db, '90210', {
      companyId: company.id,
      name: 'Gone',
      serviceArea: 50,
      deletedAt: new Date(),
    });

    const bh = await call<{ data: { branches: { id: number; distance_km: number }[] } }>(
      t.app,
      'GET',
      '/api/public/coverage/90210',
    );
    expect(bh.status).toBe(200);
    const ids = bh.body.data.branches.map((b) => b.id);
    expect(ids).toEqual([la.id, pasadena.id]);
    expect(ids).not.toContain(tiny.id);
    expect(ids).not.toContain(deleted.id);
    expect(bh.body.data.branches[0]!.distance_km).toBeGreaterThan(15);
    expect(bh.body.data.branches[0]!.distance_km).toBeLessThan(25);

    const sf = await call<{ data: { branches: unknown[] } }>(t.app, 'GET', '/api/public/coverage/94105');
    expect(sf.body.data.branches).toEqual([]);
    expect((await call(t.app, 'GET', '/api/public/coverage/00000')).status).toBe(404);
  });
});

describe("coverage index (the helper list's in-memory answer)", () => {
  it('answers exactly what the SQL coverage query answers, nearest first, for 300 ZIPs', async () => {
    const company = await createCompany(t.deps.db, { name: 'Index Co' });
    // Branches with assorted radii across Southern California, a deleted one among them.
    const zips = ['90001', '90210', '91101', '92101', '92660', '93001', '91730', '90802', '92501', '91320'];
    for (const [i, zip] of zips.entries()) {
      await createBranchAtZip(t.deps.db, zip, {
        companyId: company.id,
        name: `Index ${zip}`,
        serviceArea: 5 + i * 11,
        ...(i === 3 ? { deletedAt: new Date() } : {}),
      });
    }
    const index = createCoverageIndex(t.deps.db);
    const points = await t.deps.db
      .select({ latitude: zipCodes.latitude, longitude: zipCodes.longitude })
      .from(zipCodes)
      .where(like(zipCodes.zip, '9%'))
      .orderBy(zipCodes.zip)
      .limit(300);
    let nonEmpty = 0;
    for (const p of points) {
      const fromSql = await coveringBranches(t.deps.db, p, 200);
      const fromIndex = await index.covering(p, 200);
      expect(fromIndex.map((b) => b.id)).toEqual(fromSql.map((b) => b.id));
      expect(fromIndex.map((b) => b.distance_km)).toEqual(fromSql.map((b) => b.distance_km));
      if (fromSql.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(50);
  });

  it('answers as the SQL query across the antimeridian and near the pole', async () => {
    const company = await createCompany(t.deps.db, { name: 'Edge Co' });
    const places = [
      { latitude: 51.9, longitude: 179.7, serviceArea: 100 },
      { latitude: 51.6, longitude: -179.8, serviceArea: 60 },
      { latitude: 71.3, longitude: -156.8, serviceArea: 100 },
      { latitude: 89.6, longitude: 10, serviceArea: 100 },
    ];
    for (const [i, place] of places.entries()) {
      const b = await createBranchAtZip(t.deps.db, '99501', {
        companyId: company.id,
        name: `Edge ${i}`,
        serviceArea: place.serviceArea,
      });
      await t.deps.db
        .update(branches)
        .set({ latitude: place.latitude, longitude: place.longitude })
        .where(eq(branches.id, b.id));
    }
    const index = createCoverageIndex(t.deps.db);
    const points = [
      { latitude: 51.9, longitude: -179.9 },
      { latitude: 51.9, longitude: 179.99 },
      { latitude: 51.7, longitude: 180 },
      { latitude: 52.2, longitude: -179.5 },
      { latitude: 51.2, longitude: 178.5 },
      { latitude: 71.9, longitude: -158.5 },
      { latitude: 70.5, longitude: -155 },
      { latitude: 89.9, longitude: -170 },
      { latitude: 90, longitude: 0 },
      { latitude: 88.8, longitude: 100 },
    ];
    let nonEmpty = 0;
    for (const p of points) {
      const fromSql = await coveringBranches(t.deps.db, p, 200);
      const fromIndex = await index.covering(p, 200);
      expect(fromIndex.map((b) => b.id)).toEqual(fromSql.map((b) => b.id));
      if (fromSql.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(7);
  });

  it('the helper list sees a branch added through the API at once, and a deleted one gone', async () => {
    const company = await createCompany(t.deps.db, { name: 'Fresh Co' });
    await createBranchAtZip(t.deps.db, '96701', { companyId: company.id, name: 'Fresh Main', isMain: true });
    const token = await tokenFor(
      t.deps.db,
      (await createUser(t.deps.db, { role: 'staff', companyId: company.id })).id,
    );
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const covering = async () => {
      const r = await call<{ meta: { covering_count: number } }>(
        t.app,
        'GET',
        `/api/public/helpers?from_zip=99501&to_zip=99501&from_date=${date}&type_service=1&type_moving=1`,
      );
      expect(r.status).toBe(200);
      return r.body.meta.covering_count;
    };
    const before = await covering();
    const zip = await call<{
      data: { city_id: number; state_id: number; latitude: number; longitude: number };
    }>(t.app, 'GET', '/api/dashboard/latLng/99501', { token });
    const created = await call<{ data: { id: number } }>(t.app, 'POST', '/api/dashboard/branches', {
      token,
      body: {
        name: 'Anchorage',
        address: '1 Main St',
        state_id: zip.body.data.state_id,
        city_id: zip.body.data.city_id,
        zip_code: '99501',
        latitude: zip.body.data.latitude,
        longitude: zip.body.data.longitude,
        service_area: 20,
        primary_phone: '+1 (907) - 555 - 0101',
        county_ids: [],
      },
    });
    expect(created.status).toBe(200);
    expect(await covering()).toBe(before + 1);
    const removed = await call(t.app, 'DELETE', `/api/dashboard/branches/${created.body.data.id}`, { token });
    expect(removed.status).toBe(200);
    expect(await covering()).toBe(before);
  });
});
