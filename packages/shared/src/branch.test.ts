import { describe, expect, it } from 'vitest';
import {
  BRANCH_MSG,
  circleRadiusMeters,
  NEW_BRANCH_DEFAULTS,
  SERVICE_AREA_DEFAULT,
  searchBranches,
  sortBranches,
  ZBranchInput,
} from './branch.ts';
import { MSG } from './messages.ts';

const valid = {
  name: 'Downtown',
  address: '1 Main St',
  state_id: 6,
  city_id: 10,
  zip_code: '90001',
  latitude: 33.97,
  longitude: -118.24,
  service_area: 25,
  primary_phone: '+1 (213) - 555 - 0101',
  county_ids: [6037],
};

function errorsOf(input: unknown) {
  const r = ZBranchInput.safeParse(input);
  const out: Record<string, string[]> = {};
  for (const i of r.error?.issues ?? [])
    out[i.path.join('.')] = [...(out[i.path.join('.')] ?? []), i.message];
  return out;
}

describe('branch modal rules', () => {
  it('spec constants: radius default 25, circle = km x 1000 m, new-branch defaults', () => {
    expect(SERVICE_AREA_DEFAULT).toBe(25);
    expect(circleRadiusMeters(25)).toBe(25000);
    expect(NEW_BRANCH_DEFAULTS).toEqual({ zip_code: '90001', latitude: 33.974027, longitude: -118.249509 });
  });
  it('accepts a valid branch and trims text', () => {
    expect(ZBranchInput.parse({ ...valid, name: '  Downtown  ' }).name).toBe('Downtown');
  });
  it('name and address: required, at most 60 (Max length is 60 character)', () => {
    expect(errorsOf({ ...valid, name: '' })).toEqual({ name: [BRANCH_MSG.nameRequired] });
    expect(errorsOf({ ...valid, name: 'x'.repeat(60) })).toEqual({});
    expect(errorsOf({ ...valid, name: 'x'.repeat(61) })).toEqual({ name: [MSG.maxLength60] });
    expect(errorsOf({ ...valid, address: ' ' })).toEqual({ address: [BRANCH_MSG.addressRequired] });
    expect(errorsOf({ ...valid, address: 'x'.repeat(61) })).toEqual({ address: [MSG.maxLength60] });
  });
  it('zip: exactly five digits (Invalid zip code)', () => {
    for (const zip of ['9000', '900011', 'abcde', ''])
      expect(errorsOf({ ...valid, zip_code: zip })).toEqual({ zip_code: ['Invalid zip code'] });
  });
  it('service area: whole km from 1 to 100', () => {
    expect(errorsOf({ ...valid, service_area: 1 })).toEqual({});
    expect(errorsOf({ ...valid, service_area: 100 })).toEqual({});
    for (const v of [0, -1, 101, 2.5])
      expect(errorsOf({ ...valid, service_area: v })).toEqual({ service_area: [BRANCH_MSG.serviceArea] });
  });
  it('phone follows the mask', () => {
    expect(errorsOf({ ...valid, primary_phone: '2135550101' })).toEqual({
      primary_phone: [MSG.invalidPhone],
    });
    expect(errorsOf({ ...valid, primary_phone: '' })).toEqual({ primary_phone: [MSG.phoneRequired] });
  });
  it('county ids are always a list (a single id is wrapped, duplicates dropped)', () => {
    expect(ZBranchInput.parse({ ...valid, county_ids: 6037 }).county_ids).toEqual([6037]);
    expect(ZBranchInput.parse({ ...valid, county_ids: undefined }).county_ids).toEqual([]);
    expect(ZBranchInput.parse({ ...valid, county_ids: [6037, 6037, 6059] }).county_ids).toEqual([6037, 6059]);
    expect(errorsOf({ ...valid, county_ids: ['x'] })).toEqual({ 'county_ids.0': [BRANCH_MSG.countyMissing] });
  });
});

describe('location list helpers', () => {
  const list = [
    { id: 1, name: 'Zeta', zip_code: '90210', service_area: 10, is_main: false },
    { id: 2, name: 'alpha', zip_code: '10001', service_area: 80, is_main: false },
    { id: 3, name: 'Main', zip_code: '90001', service_area: 25, is_main: true },
  ];
  it('Sort by Name, Zip Code or Area radius keeps the main branch first', () => {
    expect(sortBranches(list, 'name').map((b) => b.id)).toEqual([3, 2, 1]);
    expect(sortBranches(list, 'zip_code').map((b) => b.id)).toEqual([3, 2, 1]);
    expect(sortBranches(list, 'service_area').map((b) => b.id)).toEqual([3, 1, 2]);
  });
  it('search is a case-insensitive substring of the name', () => {
    expect(searchBranches(list, 'ALP').map((b) => b.id)).toEqual([2]);
    expect(searchBranches(list, 'et').map((b) => b.id)).toEqual([1]);
    expect(searchBranches(list, '  ').map((b) => b.id)).toEqual([1, 2, 3]);
    expect(searchBranches(list, 'nowhere')).toEqual([]);
  });
});
