import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROFILE_MSG } from '@haulpro/shared/company-profile';
import { CREDENTIALS_MSG, LICENCE_NUMBER_FIELDS } from '@haulpro/shared/credentials';
import { MSG } from '@haulpro/shared/messages';
import { PARSE_MSG } from '@haulpro/shared/parse';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import {
  branchCredentials,
  branchCredentialsPublic,
} from '../src/modules/company-profile/company-profile.service.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { dataUrl, PNG_BYTES } from './helpers/upload-fixtures.ts';

/*
 * Company profile (/profile): GET branches/{id}?section=branch_info|credentials and PUT
 * branches/{id} with branch info, a logo or a credential. Introduction and FAQ answers are in
 * company-profile-introduction.test.ts.
 */

let t: TTestApp;
let token: string;
let otherToken: string;
let customerToken: string;
let laborToken: string;
let branchId: number;
let otherBranchId: number;

const url = (id: number, section?: string) =>
  `/api/dashboard/branches/${id}${section ? `?section=${section}` : ''}`;
const put = (body: unknown, id = branchId, tok = token) =>
  call<{ data: Record<string, unknown> }>(t.app, 'PUT', url(id), { token: tok, body });
const get = (section: string, id = branchId, tok = token) =>
  call<{ data: Record<string, unknown> }>(t.app, 'GET', url(id, section), { token: tok });

const INFO = {
  name: 'Profile Movers Downtown',
  address: '10 Profile St',
  primary_phone: '+1 (213) - 555 - 0142',
  employees_count: 12,
};

const MTR = { mtr_license_number: 'MTR-1234', issuing_city: 'Los Angeles', expiration_date: '2027-06-30' };
const POLICY = { policy_number: 'GL-77', policy_issuer: 'Acme Insurance', expiration_date: '2027-06-30' };
const TRANSPORT = {
  mc_number: 'MC-100',
  dot_number: 'DOT-200',
  expiration_date: '2027-06-30',
  state_lic_issuer: 'California',
  state_lic_number: 'CA-300',
  authority: 'Interstate',
};

beforeAll(async () => {
  // 2026-11-20 in Los Angeles.
  t = await createTestApp({ clock: createTestClock(new Date('2026-11-20T18:00:00Z')) });
  const company = await createCompany(t.deps.db, { name: 'Profile Movers' });
  const branch = await createBranchAtZip(t.deps.db, '90001', {
    companyId: company.id,
    name: 'Profile Movers Main',
    isMain: true,
    email: 'hello@profile.test',
    website: 'https://profile.test',
    foundDate: '2011-04-02',
    employeesCount: 8,
  });
  branchId = branch.id;
  token = await tokenFor(
    t.deps.db,
    (await createUser(t.deps.db, { role: 'staff', companyId: company.id })).id,
  );
  const other = await createCompany(t.deps.db, { name: 'Other Profile Movers' });
  otherBranchId = (await createBranchAtZip(t.deps.db, '94105', { companyId: other.id, isMain: true })).id;
  otherToken = await tokenFor(
    t.deps.db,
    (await createUser(t.deps.db, { role: 'staff', companyId: other.id })).id,
  );
  customerToken = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'customer' })).id);
  laborToken = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'labor' })).id);
});
afterAll(() => t.close());

describe('who may read and write a profile', () => {
  it("answers another company's branch with 404, for every section and write", async () => {
    for (const section of ['branch_info', 'introduction', 'credentials']) {
      expect((await get(section, otherBranchId)).status).toBe(404);
      expect((await get(section, branchId, otherToken)).status).toBe(404);
    }
    expect((await put(INFO, otherBranchId)).status).toBe(404);
    expect((await put({ new_data: { about_us: 'x'.repeat(30) } }, otherBranchId)).status).toBe(404);
    expect((await put({ data_name: 'drug_test', data: 1 }, otherBranchId)).status).toBe(404);
    expect((await put({ data_name: 'drug_test', data: 1 }, 999999)).status).toBe(404);
  });

  it('refuses customers and labor (403) and anonymous callers (401)', async () => {
    for (const tok of [customerToken, laborToken]) {
      expect((await get('branch_info', branchId, tok)).status).toBe(403);
      expect((await put(INFO, branchId, tok)).status).toBe(403);
    }
    expect((await call(t.app, 'GET', url(branchId, 'branch_info'))).status).toBe(401);
  });

  it('refuses an unknown section with a 422; no section still answers the Locations branch', async () => {
    const bad = await get('pricing');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ section: [PROFILE_MSG.sectionInvalid] });
    const plain = await call<{ data: { counties: unknown[] } }>(t.app, 'GET', url(branchId), { token });
    expect(plain.status).toBe(200);
    expect(Array.isArray(plain.body.data.counties)).toBe(true);
  });
});

describe('branch info', () => {
  it('reads the section: editable fields and the read-only company facts', async () => {
    const r = await get('branch_info');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      id: branchId,
      name: 'Profile Movers Main',
      slug: expect.any(String),
      address: expect.any(String),
      primary_phone: '+1 (213) - 555 - 0100',
      employees_count: 8,
      company_name: 'Profile Movers',
      email: 'hello@profile.test',
      website: 'https://profile.test',
      found_date: '2011-04-02',
      logo: null,
    });
  });

  it('saves name, address, phone and employees; the slug follows the name; answers the section', async () => {
    const r = await put(INFO);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(PROFILE_MSG.branchInfoSaved);
    expect(r.body.data).toMatchObject({
      ...INFO,
      slug: 'profile-movers-downtown',
      company_name: 'Profile Movers',
    });
    expect((await get('branch_info')).body.data).toMatchObject(INFO);
  });

  it('accepts the employee count as digits text and trims the texts', async () => {
    const r = await put({ ...INFO, name: '  Profile Movers Downtown ', employees_count: '9999999' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: 'Profile Movers Downtown', employees_count: 9999999 });
  });

  it('gives each spec message for a missing field', async () => {
    const r = await put({});
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      name: [PROFILE_MSG.branchNameRequired],
      address: [PROFILE_MSG.branchAddressRequired],
      primary_phone: [MSG.phoneRequired],
      employees_count: [PROFILE_MSG.employeesRequired],
    });
    const blank = await put({ name: ' ', address: '', primary_phone: '', employees_count: '' });
    expect(blank.body.errors).toEqual({
      name: ['Branch name is required'],
      address: ['Branch address is required'],
      primary_phone: ['Phone number is required'],
      employees_count: ['Number of employees field is required'],
    });
  });

  it('gives the spec messages for too long names, a short phone and bad employee counts', async () => {
    const long = await put({ ...INFO, name: 'n'.repeat(61), address: 'a'.repeat(61) });
    expect(long.body.errors).toEqual({
      name: ['Max length should be 60 characters'],
      address: ['Max length should be 60 characters'],
    });
    // 20 characters: one digit short of the mask.
    const phone = await put({ ...INFO, primary_phone: '+1 (213) - 555 - 014' });
    expect(phone.body.errors).toEqual({ primary_phone: ['Invalid phone number'] });
    for (const employees_count of [0, -1, 10000000, 1.5, 'ten', '0x10', ' 12', true]) {
      const r = await put({ ...INFO, employees_count });
      expect(r.status, String(employees_count)).toBe(422);
      expect(r.body.errors).toEqual({ employees_count: ['Number of employees is invalid'] });
    }
  });

  it('refuses unknown keys, website changes and two sections in one request', async () => {
    const website = await put({ ...INFO, website: 'https://evil.test' });
    expect(website.status).toBe(422);
    const two = await put({ ...INFO, new_data: { about_us: 'x'.repeat(30) } });
    expect(two.status).toBe(422);
    expect(two.body.errors).toEqual({ body: [PROFILE_MSG.oneSection] });
  });
});

describe('logo', () => {
  it('stores a real PNG under /uploads/logos, answers the new path and removes the old file', async () => {
    const first = await put({ logo: dataUrl('image/png', PNG_BYTES) });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(PROFILE_MSG.logoSaved);
    const firstPath = first.body.data.logo as string;
    expect(firstPath).toMatch(/^\/uploads\/logos\/[0-9a-f-]+\.png$/);
    const stored = (p: string) => readFile(path.join(t.config.uploadsDir, p.slice('/uploads/'.length)));
    expect((await stored(firstPath)).equals(PNG_BYTES)).toBe(true);

    const second = await put({ logo: dataUrl('image/png', PNG_BYTES) });
    const secondPath = second.body.data.logo as string;
    expect(secondPath).not.toBe(firstPath);
    await expect(stored(firstPath)).rejects.toThrow();
    const served = await t.app.inject({ method: 'GET', url: secondPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a text file with a PNG header (the type message), keeping the logo it had', async () => {
    const before = (await get('branch_info')).body.data.logo;
    const fake = Buffer.concat([PNG_BYTES.subarray(0, 8), Buffer.from('just some text, not an image')]);
    const r = await put({ logo: dataUrl('image/png', fake) });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ logo: [MSG.imageType] });
    expect((await get('branch_info')).body.data.logo).toBe(before);
  });

  it("refuses 10 MB + 1 byte with 'File cannot be larger than 10M'", async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(10485761 - PNG_BYTES.length)]);
    expect(big.length).toBe(10485761);
    const r = await put({ logo: dataUrl('image/png', big) });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ logo: ['File cannot be larger than 10M'] });
  });
});

describe('credentials', () => {
  it('reads an empty section: every licence null, both flags 0', async () => {
    const fresh = await createBranchAtZip(t.deps.db, '90001', {
      companyId: (await t.deps.db.select().from(branches).where(eq(branches.id, branchId)))[0]!.companyId,
    });
    const r = await get('credentials', fresh.id);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      mtr_license: null,
      general_liability_license: null,
      cargo_insurance_license: null,
      workers_compensation_license: null,
      transportation_service_license: null,
      uniformed_crew: 0,
      drug_test: 0,
    });
  });

  it('saves each licence and both flags, one per request; the others stay', async () => {
    const saves = [
      { data_name: 'mtr_license', data: MTR },
      { data_name: 'general_liability_license', data: POLICY },
      { data_name: 'cargo_insurance_license', data: { ...POLICY, policy_number: 'CG-1' } },
      { data_name: 'workers_compensation_license', data: { ...POLICY, policy_number: 'WC-1' } },
      { data_name: 'transportation_service_license', data: TRANSPORT },
      { data_name: 'uniformed_crew', data: 1 },
      { data_name: 'drug_test', data: 1 },
    ];
    for (const body of saves) {
      const r = await put(body);
      expect(r.status, body.data_name).toBe(200);
      expect(r.body.message).toBe(CREDENTIALS_MSG.saved);
    }
    const r = await get('credentials');
    expect(r.body.data).toEqual({
      mtr_license: MTR,
      general_liability_license: POLICY,
      cargo_insurance_license: { ...POLICY, policy_number: 'CG-1' },
      workers_compensation_license: { ...POLICY, policy_number: 'WC-1' },
      transportation_service_license: TRANSPORT,
      uniformed_crew: 1,
      drug_test: 1,
    });
    const off = await put({ data_name: 'uniformed_crew', data: 0 });
    expect(off.body.data).toMatchObject({ uniformed_crew: 0, drug_test: 1, mtr_license: MTR });
  });

  it('removes the optional licence with data null; a required one cannot be removed', async () => {
    const r = await put({ data_name: 'workers_compensation_license', data: null });
    expect(r.status).toBe(200);
    expect(r.body.data.workers_compensation_license).toBeNull();
    const required = await put({ data_name: 'mtr_license', data: null });
    expect(required.status).toBe(422);
    expect(required.body.errors).toEqual({
      'data.mtr_license_number': ['Field is required'],
      'data.issuing_city': ['Field is required'],
      'data.expiration_date': ['Expiration date is required'],
    });
  });

  it("gives 'Field is required', 'Expiration date is required' and 'Choose one for authority'", async () => {
    const r = await put({ data_name: 'transportation_service_license', data: {} });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      'data.mc_number': ['Field is required'],
      'data.dot_number': ['Field is required'],
      'data.expiration_date': ['Expiration date is required'],
      'data.state_lic_issuer': ['Field is required'],
      'data.state_lic_number': ['Field is required'],
      'data.authority': ['Choose one for authority'],
    });
    const blank = await put({
      data_name: 'general_liability_license',
      data: { policy_number: ' ', policy_issuer: '', expiration_date: '' },
    });
    expect(blank.body.errors).toEqual({
      'data.policy_number': ['Field is required'],
      'data.policy_issuer': ['Field is required'],
      'data.expiration_date': ['Expiration date is required'],
    });
    const authority = await put({
      data_name: 'transportation_service_license',
      data: { ...TRANSPORT, authority: 'Local' },
    });
    expect(authority.body.errors).toEqual({ 'data.authority': ['Choose one for authority'] });
  });

  it('refuses dates that do not exist, unknown fields, unknown credentials and flags other than 1/0', async () => {
    for (const expiration_date of ['2027-02-30', '2027-13-01', '30/06/2027', '0000-01-01']) {
      const r = await put({ data_name: 'mtr_license', data: { ...MTR, expiration_date } });
      expect(r.status, expiration_date).toBe(422);
      expect(r.body.errors).toEqual({ 'data.expiration_date': [PARSE_MSG.date] });
    }
    const extra = await put({ data_name: 'mtr_license', data: { ...MTR, secret: 'x' } });
    expect(extra.status).toBe(422);
    const unknown = await put({ data_name: 'pilot_license', data: MTR });
    expect(unknown.body.errors).toEqual({ data_name: [PROFILE_MSG.licenceName] });
    for (const data of [2, 'yes', null, -1]) {
      const r = await put({ data_name: 'drug_test', data });
      expect(r.status, String(data)).toBe(422);
      expect(r.body.errors).toEqual({ data: [CREDENTIALS_MSG.flag] });
    }
  });

  it('keeps both licences when two cards are saved at the same time', async () => {
    await Promise.all([
      put({ data_name: 'cargo_insurance_license', data: { ...POLICY, policy_number: 'AT-ONCE-1' } }),
      put({ data_name: 'general_liability_license', data: { ...POLICY, policy_number: 'AT-ONCE-2' } }),
    ]);
    const saved = await branchCredentials(t.deps.db, branchId);
    expect(saved.cargo_insurance_license?.policy_number).toBe('AT-ONCE-1');
    expect(saved.general_liability_license?.policy_number).toBe('AT-ONCE-2');
  });

  it('public view: no licence numbers; background checked as of the branch today', async () => {
    await put({ data_name: 'drug_test', data: 1 });
    const pub = await branchCredentialsPublic(t.deps.db, branchId, t.deps.clock.now());
    expect(pub.today).toBe('2026-11-20');
    expect(pub.is_checked).toBe(true);
    const text = JSON.stringify(pub.credentials);
    for (const secret of ['MTR-1234', 'GL-77', 'AT-ONCE', 'MC-100', 'DOT-200', 'CA-300']) {
      expect(text).not.toContain(secret);
    }
    for (const hidden of LICENCE_NUMBER_FIELDS) expect(text).not.toContain(hidden);
    expect(pub.credentials.transportation_service_license).toEqual({
      issuer: 'California',
      expiration_date: '2027-06-30',
      authority: 'Interstate',
      is_expired: false,
    });
    // An expired required licence takes the check away.
    await put({ data_name: 'mtr_license', data: { ...MTR, expiration_date: '2026-11-19' } });
    const later = await branchCredentialsPublic(t.deps.db, branchId, t.deps.clock.now());
    expect(later.is_checked).toBe(false);
    expect(later.credentials.mtr_license?.is_expired).toBe(true);
  });
});
