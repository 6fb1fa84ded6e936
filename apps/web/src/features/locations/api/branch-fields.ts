/** The branch fields the add/edit form shows server errors under (the rest are toasted). */
export const BRANCH_FIELDS = [
  'name',
  'address',
  'state_id',
  'city_id',
  'zip_code',
  'latitude',
  'longitude',
  'service_area',
  'primary_phone',
  'county_ids',
] as const;
export type TBranchField = (typeof BRANCH_FIELDS)[number];
