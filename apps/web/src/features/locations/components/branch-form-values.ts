import {
  NEW_BRANCH_DEFAULTS,
  SERVICE_AREA_DEFAULT,
  type TBranch,
  ZBranchInput,
} from '@haulpro/shared/branch';
import { INVALID_ZIP } from '@haulpro/shared/geo';
import type { TBranchField } from '../api/branch-fields.ts';

export type TBranchFormValues = {
  name: string;
  address: string;
  state_id: number | null;
  city_id: number | null;
  zip_code: string;
  latitude: number;
  longitude: number;
  service_area: number;
  primary_phone: string;
  county_ids: number[];
};

export function initialValues(branch: TBranch | null): TBranchFormValues {
  if (!branch) {
    return {
      name: '',
      address: '',
      state_id: null,
      city_id: null,
      zip_code: NEW_BRANCH_DEFAULTS.zip_code,
      latitude: NEW_BRANCH_DEFAULTS.latitude,
      longitude: NEW_BRANCH_DEFAULTS.longitude,
      service_area: SERVICE_AREA_DEFAULT,
      primary_phone: '',
      county_ids: [],
    };
  }
  return {
    name: branch.name,
    address: branch.address,
    state_id: branch.state_id,
    city_id: branch.city_id,
    zip_code: branch.zip_code,
    latitude: branch.latitude,
    longitude: branch.longitude,
    service_area: branch.service_area,
    primary_phone: branch.primary_phone ?? '',
    county_ids: branch.counties.map((c) => c.id),
  };
}

/** The spec's messages (ZBranchInput), one per field, plus the server's verdict on the ZIP. */
export function formErrors(
  values: TBranchFormValues,
  zipInvalid: boolean,
): Partial<Record<TBranchField, string>> {
  const errors: Partial<Record<TBranchField, string>> = {};
  const parsed = ZBranchInput.safeParse(values);
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0]) as TBranchField;
    errors[field] ??= issue.message;
  }
  if (zipInvalid) errors.zip_code ??= INVALID_ZIP;
  return errors;
}
