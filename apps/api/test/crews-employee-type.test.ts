import { CREW_MSG, EMPLOYEE_TYPE } from '@haulpro/shared/crew';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/** A crew member's employment type on the wire is the spec's number (constants: Employment types). */

const D = '/api/dashboard';
type TCrew = { id: number; employee_type: number; employee_type_label: string };

let t: TTestApp;
let branchId: number;
let staff: string;

const member = (patch: Record<string, unknown> = {}) => ({
  first_name: 'Ana',
  last_name: 'Lopez',
  email: 'ana@example.test',
  phone_number: '+1 (213) - 555 - 0142',
  zip_code: '90001',
  employee_type: 1,
  ...patch,
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const companyId = (await createCompany(db, { name: 'Numbered Movers' })).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, name: 'Numbers LA', isMain: true })).id;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
});
afterAll(() => t.close());

describe('employee_type', () => {
  it("takes and answers the spec's employment numbers: 1 Full time, 2 Part time, 3 Contractor", async () => {
    const labels = { 1: 'Full time', 2: 'Part time', 3: 'Contractor' } as const;
    for (const n of [1, 2, 3] as const) {
      const res = await call<{ data: TCrew }>(t.app, 'POST', `${D}/branches/${branchId}/crews`, {
        token: staff,
        body: member({ email: `type${n}@example.test`, employee_type: n }),
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ employee_type: n, employee_type_label: labels[n] });
    }
    const { employee_type: _none, ...withoutType } = member({ email: 'default@example.test' });
    const byDefault = await call<{ data: TCrew }>(t.app, 'POST', `${D}/branches/${branchId}/crews`, {
      token: staff,
      body: withoutType,
    });
    expect(byDefault.body.data.employee_type).toBe(EMPLOYEE_TYPE.fullTime);
    const edited = await call<{ data: TCrew }>(
      t.app,
      'PATCH',
      `${D}/branches/${branchId}/crews/${byDefault.body.data.id}`,
      { token: staff, body: { employee_type: 3 } },
    );
    expect(edited.body.data).toMatchObject({ employee_type: 3, employee_type_label: 'Contractor' });
    for (const wrong of [0, 4, 1.5, '1', 'intern']) {
      const res = await call(t.app, 'POST', `${D}/branches/${branchId}/crews`, {
        token: staff,
        body: member({ email: 'wrong@example.test', employee_type: wrong }),
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ employee_type: [CREW_MSG.employeeType] });
    }
    expect(CREW_MSG.employeeType).toBe('Choose 1 (Full time), 2 (Part time) or 3 (Contractor)');
  });
});
