import { describe, expect, it } from 'vitest';
import {
  daysUntil,
  EXPIRY_WARNING_DAYS,
  expiringLicences,
  expiryStatus,
  expiryWarning,
  isBackgroundChecked,
  LICENCE_NUMBER_FIELDS,
  publicCredentials,
  REQUIRED_LICENCES,
  readCredentials,
  type TCredentialsSection,
} from './credentials.ts';

const TODAY = '2026-11-20';
const policy = (expiration_date: string) => ({
  policy_number: 'P-1',
  policy_issuer: 'Acme',
  expiration_date,
});
const full = (expiration_date = '2027-06-30'): TCredentialsSection => ({
  mtr_license: { mtr_license_number: 'M-1', issuing_city: 'Los Angeles', expiration_date },
  general_liability_license: policy(expiration_date),
  cargo_insurance_license: policy(expiration_date),
  workers_compensation_license: null,
  transportation_service_license: {
    mc_number: 'MC-1',
    dot_number: 'DOT-1',
    expiration_date,
    state_lic_issuer: 'California',
    state_lic_number: 'CA-1',
    authority: 'Both',
  },
  uniformed_crew: 0,
  drug_test: 1,
});

describe('daysUntil', () => {
  it('counts calendar days, across months, years and leap days', () => {
    expect(daysUntil('2026-11-20', TODAY)).toBe(0);
    expect(daysUntil('2026-11-21', TODAY)).toBe(1);
    expect(daysUntil('2026-11-19', TODAY)).toBe(-1);
    expect(daysUntil('2026-12-20', TODAY)).toBe(30);
    expect(daysUntil('2027-01-01', '2026-12-31')).toBe(1);
    expect(daysUntil('2028-03-01', '2028-02-28')).toBe(2);
    // Daylight saving changes nothing: dates, not instants.
    expect(daysUntil('2026-11-02', '2026-10-31')).toBe(2);
  });
});

describe('expiryStatus: valid through the expiration date, flagged 30 days ahead', () => {
  const cases: [string, string][] = [
    ['2026-11-19', 'expired'],
    ['2020-01-01', 'expired'],
    ['2026-11-20', 'expiring'],
    ['2026-11-21', 'expiring'],
    ['2026-12-20', 'expiring'],
    ['2026-12-21', 'valid'],
    ['2030-01-01', 'valid'],
    ['2027-02-30', 'expired'],
    ['not a date', 'expired'],
  ];
  for (const [date, status] of cases) {
    it(`${date} on ${TODAY} is ${status}`, () => expect(expiryStatus(date, TODAY)).toBe(status));
  }
  it('the window is 30 days', () => expect(EXPIRY_WARNING_DAYS).toBe(30));
});

describe('expiryWarning', () => {
  it('says Expired, Expires today, in 1 day, in n days, or nothing', () => {
    expect(expiryWarning('2026-11-19', TODAY)).toBe('Expired');
    expect(expiryWarning('2026-11-20', TODAY)).toBe('Expires today');
    expect(expiryWarning('2026-11-21', TODAY)).toBe('Expires in 1 day');
    expect(expiryWarning('2026-12-20', TODAY)).toBe('Expires in 30 days');
    expect(expiryWarning('2026-12-21', TODAY)).toBeNull();
  });
});

describe('expiringLicences', () => {
  it('lists expired and expiring licences soonest first, skipping valid and missing ones', () => {
    const c = full();
    c.cargo_insurance_license = policy('2026-12-01');
    c.mtr_license = { mtr_license_number: 'M', issuing_city: 'LA', expiration_date: '2026-11-01' };
    c.workers_compensation_license = policy('2026-11-25');
    expect(expiringLicences(c, TODAY)).toEqual([
      { licence: 'mtr_license', expiration_date: '2026-11-01', days_left: -19, status: 'expired' },
      {
        licence: 'workers_compensation_license',
        expiration_date: '2026-11-25',
        days_left: 5,
        status: 'expiring',
      },
      {
        licence: 'cargo_insurance_license',
        expiration_date: '2026-12-01',
        days_left: 11,
        status: 'expiring',
      },
    ]);
    expect(expiringLicences(full(), TODAY)).toEqual([]);
    expect(expiringLicences(readCredentials({}), TODAY)).toEqual([]);
  });
});

describe('isBackgroundChecked: the four required licences not expired and drug tested', () => {
  it('is true with all four valid and drug_test 1 (workers compensation and uniform not needed)', () => {
    expect(isBackgroundChecked(full(), TODAY)).toBe(true);
  });
  it('is still true when a licence expires today or within 30 days', () => {
    expect(isBackgroundChecked(full('2026-11-20'), TODAY)).toBe(true);
    expect(isBackgroundChecked(full('2026-12-01'), TODAY)).toBe(true);
  });
  it('is false without the drug test', () => {
    expect(isBackgroundChecked({ ...full(), drug_test: 0 }, TODAY)).toBe(false);
  });
  for (const missing of REQUIRED_LICENCES) {
    it(`is false without ${missing}`, () => {
      expect(isBackgroundChecked({ ...full(), [missing]: null }, TODAY)).toBe(false);
    });
    it(`is false when ${missing} has expired`, () => {
      const c = full();
      const expired = { ...(c[missing] as object), expiration_date: '2026-11-19' };
      expect(isBackgroundChecked({ ...c, [missing]: expired } as TCredentialsSection, TODAY)).toBe(false);
    });
  }
  it('an expired optional licence does not matter', () => {
    expect(
      isBackgroundChecked({ ...full(), workers_compensation_license: policy('2020-01-01') }, TODAY),
    ).toBe(true);
  });
});

describe('readCredentials', () => {
  it('reads what the column holds; broken or unknown entries are missing; flags only 1 counts', () => {
    const c = readCredentials({
      mtr_license: { mtr_license_number: 'M', issuing_city: 'LA', expiration_date: '2027-02-30' },
      general_liability_license: policy('2027-01-01'),
      cargo_insurance_license: 'junk',
      pilot_license: policy('2027-01-01'),
      uniformed_crew: 1,
      drug_test: '1',
    });
    expect(c.mtr_license).toBeNull();
    expect(c.general_liability_license).toEqual(policy('2027-01-01'));
    expect(c.cargo_insurance_license).toBeNull();
    expect(c.uniformed_crew).toBe(1);
    expect(c.drug_test).toBe(0);
    expect(readCredentials(null)).toEqual(readCredentials({}));
  });
});

describe('publicCredentials', () => {
  it('shows issuers, dates, authority and flags, never a licence number', () => {
    const view = publicCredentials({ ...full(), uniformed_crew: 1 }, TODAY);
    const text = JSON.stringify(view);
    for (const n of ['M-1', 'P-1', 'MC-1', 'DOT-1', 'CA-1', ...LICENCE_NUMBER_FIELDS])
      expect(text).not.toContain(n);
    expect(view.mtr_license).toEqual({
      issuer: 'Los Angeles',
      expiration_date: '2027-06-30',
      authority: null,
      is_expired: false,
    });
    expect(view.transportation_service_license?.authority).toBe('Both');
    expect(view.workers_compensation_license).toBeNull();
    expect(view.uniformed_crew).toBe(true);
    expect(view.drug_test).toBe(true);
    expect(publicCredentials(full('2026-11-01'), TODAY).cargo_insurance_license?.is_expired).toBe(true);
  });
});
