/** An address of a booking in Los Angeles at `zip` (one flight of stairs). */
export const bookingAddress = (zip: string) => ({
  address: '1200 E Florence Ave',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Apartment',
  flights_of_stairs: 1,
});

/** A cash booking of two helpers for two hours at `branchId` from ZIP 90001; `patch` changes any field. */
export const bookingBody = (branchId: number, patch: Record<string, unknown> = {}) => ({
  branch_id: branchId,
  type_service: 1,
  type_moving: 1,
  type_help: 3,
  bedrooms_count: 0,
  helpers_count: 2,
  hours_count: 2,
  arrival_date: '2026-11-30',
  arrival_time: '8-9',
  payment_method: 'cash',
  name: 'Dana Customer',
  email: 'dana@example.test',
  phone: '+1 (213) - 555 - 0100',
  pickups: [bookingAddress('90001')],
  destinations: [],
  ...patch,
});
