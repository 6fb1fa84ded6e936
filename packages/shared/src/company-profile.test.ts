import { describe, expect, it } from 'vitest';
import { PROFILE_MSG, ZBranchInfoInput, ZBranchSectionUpdate, ZFaqCreate } from './company-profile.ts';

const INFO = {
  name: 'Main',
  address: '1 Main St',
  primary_phone: '+1 (213) - 555 - 0100',
  employees_count: 3,
};
const errors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('PUT branches/{id}: the body is sorted into one section by its keys', () => {
  it('branch info', () => {
    expect(ZBranchSectionUpdate.parse(INFO)).toEqual({ section: 'branch_info', ...INFO });
    expect(ZBranchSectionUpdate.parse({ ...INFO, employees_count: '12' })).toMatchObject({
      employees_count: 12,
    });
  });
  it('logo, about, services', () => {
    expect(ZBranchSectionUpdate.parse({ logo: 'data:image/png;base64,AA==' })).toEqual({
      section: 'logo',
      logo: 'data:image/png;base64,AA==',
    });
    const about = 'a'.repeat(25);
    expect(ZBranchSectionUpdate.parse({ new_data: { about_us: about } })).toEqual({
      section: 'about',
      about_us: about,
    });
    expect(
      ZBranchSectionUpdate.parse({ new_data: { selected_services: [{ id: '2', is_active: 0 }] } }),
    ).toEqual({
      section: 'services',
      selected_services: [{ id: 2, is_active: false }],
    });
  });
  it('credentials: licences, the optional one removed, flags as 1 or 0', () => {
    const mtr = { mtr_license_number: 'M', issuing_city: 'LA', expiration_date: '2027-01-01' };
    expect(ZBranchSectionUpdate.parse({ data_name: 'mtr_license', data: mtr })).toEqual({
      section: 'licence',
      data_name: 'mtr_license',
      data: mtr,
    });
    expect(ZBranchSectionUpdate.parse({ data_name: 'workers_compensation_license', data: null })).toEqual({
      section: 'licence',
      data_name: 'workers_compensation_license',
      data: null,
    });
    for (const [v, out] of [
      [1, 1],
      [0, 0],
      [true, 1],
      ['0', 0],
    ] as const) {
      expect(ZBranchSectionUpdate.parse({ data_name: 'drug_test', data: v })).toEqual({
        section: 'flag',
        data_name: 'drug_test',
        data: out,
      });
    }
  });
  it('every missing branch-info field gets its message, even next to a blank one', () => {
    expect(errors(ZBranchSectionUpdate.safeParse({ name: '' }))).toEqual({
      name: PROFILE_MSG.branchNameRequired,
      address: PROFILE_MSG.branchAddressRequired,
      primary_phone: PROFILE_MSG.phoneRequired,
      employees_count: PROFILE_MSG.employeesRequired,
    });
  });
  it('refuses two sections, non-objects and unknown data names without throwing', () => {
    expect(errors(ZBranchSectionUpdate.safeParse({ ...INFO, logo: 'x' }))).toEqual({
      '': PROFILE_MSG.oneSection,
    });
    for (const junk of [null, 'x', 1, [], [INFO]])
      expect(ZBranchSectionUpdate.safeParse(junk).success).toBe(false);
    expect(errors(ZBranchSectionUpdate.safeParse({ data_name: 'x', data: {} }))).toEqual({
      data_name: PROFILE_MSG.licenceName,
    });
    expect(errors(ZBranchSectionUpdate.safeParse({ data: {} }))).toEqual({
      data_name: PROFILE_MSG.licenceName,
    });
    expect(ZBranchSectionUpdate.safeParse({ new_data: 'x' }).success).toBe(false);
  });
});

describe('branch info and FAQ fields', () => {
  it('employees 1..9999999', () => {
    for (const n of [1, 9999999, '42'])
      expect(ZBranchInfoInput.safeParse({ ...INFO, employees_count: n }).success).toBe(true);
    for (const n of [0, 10000000, 2.5, '1e3', '']) {
      expect(ZBranchInfoInput.safeParse({ ...INFO, employees_count: n }).success, String(n)).toBe(false);
    }
  });
  it('FAQ answers need 10 characters after trimming', () => {
    expect(errors(ZFaqCreate.safeParse({ branch_id: 1, faq_id: 1, answer: ' 123456789 ' }))).toEqual({
      answer: PROFILE_MSG.answerMin,
    });
    expect(ZFaqCreate.safeParse({ branch_id: 1, faq_id: 1, answer: '1234567890' }).success).toBe(true);
  });
});
