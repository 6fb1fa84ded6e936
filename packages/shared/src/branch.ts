import { z } from 'zod';
import { NAME_MAX } from './constants.ts';
import { INVALID_ZIP } from './geo.ts';
import { MSG } from './messages.ts';
import { requiredOnly, zDecimal, zId, zInt } from './parse.ts';
import { ZPhone } from './phone.ts';

/** Spec constants: service radius slider 1..100 km, default 25; new-branch defaults. */
export const SERVICE_AREA_MIN = 1;
export const SERVICE_AREA_MAX = 100;
export const SERVICE_AREA_DEFAULT = 25;
export const NEW_BRANCH_DEFAULTS = {
  zip_code: '90001',
  latitude: 33.974027,
  longitude: -118.249509,
} as const;
/** Map circle radius in metres for a service area in km (spec: service_area x 1000 m). */
export const circleRadiusMeters = (serviceAreaKm: number) => serviceAreaKm * 1000;

export const BRANCH_MSG = {
  nameRequired: 'Branch name is required',
  addressRequired: 'Branch address is required',
  // Ours (the spec gives no text):
  stateRequired: 'State is required',
  cityRequired: 'City is required',
  cityNotInState: 'The city is not in the selected state',
  zipNotInState: 'The zip code is not in the selected state',
  serviceArea: 'Service area must be between 1 and 100 km',
  countyMissing: 'County not found',
  coordinates: 'Choose the location on the map',
  mainBranchDelete: 'The main branch cannot be deleted',
  deleted: 'Branch deleted successfully',
  created: 'Branch created successfully',
  updated: 'Branch updated successfully',
} as const;

/** POST branches / PATCH branches/{id} (spec: Branch modal validation and the calls table). */
export const ZBranchInput = z.object({
  name: z
    .string(requiredOnly(BRANCH_MSG.nameRequired))
    .trim()
    .min(1, { message: BRANCH_MSG.nameRequired, abort: true })
    .max(NAME_MAX, MSG.maxLength60),
  address: z
    .string(requiredOnly(BRANCH_MSG.addressRequired))
    .trim()
    .min(1, { message: BRANCH_MSG.addressRequired, abort: true })
    .max(NAME_MAX, MSG.maxLength60),
  state_id: zId(BRANCH_MSG.stateRequired),
  city_id: zId(BRANCH_MSG.cityRequired),
  zip_code: z
    .string({ error: INVALID_ZIP })
    .trim()
    .regex(/^\d{5}$/, INVALID_ZIP),
  latitude: zDecimal(-90, 90, BRANCH_MSG.coordinates),
  longitude: zDecimal(-180, 180, BRANCH_MSG.coordinates),
  service_area: zInt(SERVICE_AREA_MIN, SERVICE_AREA_MAX, BRANCH_MSG.serviceArea),
  primary_phone: ZPhone,
  /** Always a list (spec); a single id is accepted and wrapped. */
  county_ids: z
    .preprocess(
      (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
      z.array(zId(BRANCH_MSG.countyMissing)).max(200),
    )
    .transform((ids) => [...new Set(ids)]),
  time_zone: z.string().max(64).optional(),
});
export type TBranchInput = z.input<typeof ZBranchInput>;

export const ZBranch = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  address: z.string(),
  full_address: z.string(),
  state_id: z.number().int().nullable(),
  state_name: z.string().nullable(),
  state_code: z.string().nullable(),
  city_id: z.number().int().nullable(),
  city_name: z.string().nullable(),
  zip_code: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  service_area: z.number().int(),
  primary_phone: z.string().nullable(),
  phone_number: z.string().nullable(),
  counties: z.array(z.object({ id: z.number().int(), name: z.string() })),
  is_main: z.boolean(),
  time_zone: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  found_date: z.string().nullable(),
  employees_count: z.number().int().nullable(),
  logo: z.string().nullable(),
});
export type TBranch = z.infer<typeof ZBranch>;

export const BRANCH_SORTS = ['name', 'zip_code', 'service_area'] as const;
export type TBranchSort = (typeof BRANCH_SORTS)[number];
export const BRANCH_SORT_LABELS: Record<TBranchSort, string> = {
  name: 'Name',
  zip_code: 'Zip Code',
  service_area: 'Area radius',
};

/** Sort by menu: the main branch stays first (with its star), then the chosen key. */
export function sortBranches<
  T extends Pick<TBranch, 'name' | 'zip_code' | 'service_area' | 'is_main' | 'id'>,
>(list: readonly T[], by: TBranchSort): T[] {
  const cmp = (a: T, b: T) => {
    if (a.is_main !== b.is_main) return a.is_main ? -1 : 1;
    const d =
      by === 'service_area'
        ? a.service_area - b.service_area
        : a[by].localeCompare(b[by], 'en', { sensitivity: 'base', numeric: true });
    return d || a.id - b.id;
  };
  return [...list].sort(cmp);
}

/** Location list search: case-insensitive substring of the name. */
export function searchBranches<T extends { name: string }>(list: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  return q ? list.filter((b) => b.name.toLowerCase().includes(q)) : [...list];
}
