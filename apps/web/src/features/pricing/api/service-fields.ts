/** The service price fields the add/edit form shows server errors under (the rest are toasted). */
export const SERVICE_FIELDS = [
  'name',
  'employees_count',
  'minimum_hours',
  'base_hourly_rate',
  'charge_overtime',
  'truck_size',
  'truck_number',
] as const;
export type TServiceField = (typeof SERVICE_FIELDS)[number];
