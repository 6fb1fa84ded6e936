/** Every teams query starts with 'teams' (the list of a branch's members: lib/api/branch-crews). */
export const teamKeys = {
  all: ['teams'] as const,
  member: (branchId: number, crewId: number) => ['teams', 'member', branchId, crewId] as const,
};

/** The form's fields: a 422 on these shows under the input, not in a toast. */
export const CREW_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'zip_code',
  'state_id',
  'city_id',
  'profile_picture',
  'is_active',
  'is_driver',
  'employee_type',
] as const;
export type TCrewField = (typeof CREW_FIELDS)[number];
