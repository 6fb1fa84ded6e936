import { describe, expect, it } from 'vitest';
import {
  BOOKING_MSG,
  helpersForBedrooms,
  normalizeUnloadingDate,
  ORDER_TILES,
  PROPERTY_TYPES,
  SEARCH_MSG,
  ZBookingInput,
  ZOrderSearch,
} from './booking.ts';

const fieldErrors = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message])));

describe('tiles', () => {
  it('are the nine of the spec; three go to /delivery and three set helpers only', () => {
    expect(ORDER_TILES.map((t) => t.label)).toEqual([
      'Apartment Moves',
      'Store Delivery',
      'Move a Few Items',
      'Labor Only',
      'Declutter Items',
      'Used Item Delivery',
      'Small Business Moves',
      'Storage Moves',
      'Junk Removal',
    ]);
    expect(ORDER_TILES.filter((t) => t.target === 'delivery').map((t) => t.label)).toEqual([
      'Store Delivery',
      'Move a Few Items',
      'Used Item Delivery',
    ]);
    expect(ORDER_TILES.filter((t) => t.helpersOnly).map((t) => t.label)).toEqual([
      'Labor Only',
      'Declutter Items',
      'Junk Removal',
    ]);
  });
  it('has the sixteen property types', () => {
    expect(PROPERTY_TYPES).toHaveLength(16);
    expect(PROPERTY_TYPES[0]).toBe('Home');
    expect(PROPERTY_TYPES.at(-1)).toBe('Full Cleanout');
  });
});

describe('helpers for bedrooms', () => {
  it('is bedrooms + 1, Single/Studio as 1, at most 10', () => {
    expect(helpersForBedrooms(0)).toBe(2);
    expect(helpersForBedrooms(1)).toBe(2);
    expect(helpersForBedrooms(2)).toBe(3);
    expect(helpersForBedrooms(8)).toBe(9);
    expect(helpersForBedrooms(9)).toBe(10);
    expect(helpersForBedrooms(10)).toBe(10);
  });
});

describe('unloading date', () => {
  it('becomes the loading date when empty or earlier', () => {
    expect(normalizeUnloadingDate('2026-12-05', '')).toBe('2026-12-05');
    expect(normalizeUnloadingDate('2026-12-05', null)).toBe('2026-12-05');
    expect(normalizeUnloadingDate('2026-12-05', '2026-12-04')).toBe('2026-12-05');
    expect(normalizeUnloadingDate('2026-12-05', '2026-12-07')).toBe('2026-12-07');
  });
});

describe('search form', () => {
  it('answers the spec messages', () => {
    expect(fieldErrors(ZOrderSearch.safeParse({}))).toEqual({
      from_zip: SEARCH_MSG.invalidZip,
      from_date: SEARCH_MSG.dateRequired,
      to_zip: SEARCH_MSG.invalidZip,
      type_service: SEARCH_MSG.required,
      type_moving: SEARCH_MSG.required,
    });
    expect(SEARCH_MSG).toMatchObject({
      invalidZip: 'Invalid zip code',
      dateRequired: 'Date is required',
      required: 'Required',
    });
    expect(
      fieldErrors(
        ZOrderSearch.safeParse({
          from_zip: '9000',
          from_date: '2026-12-05',
          to_zip: '90210',
          type_service: '3',
          type_moving: 1,
        }),
      ),
    ).toEqual({ from_zip: 'Invalid zip code', type_service: 'Required' });
  });
});

describe('booking input', () => {
  const address = {
    address: '1 Main St',
    city_or_town: 'Los Angeles',
    state: 'CA',
    zip_code: '90001',
    type_property: 'Apartment',
    flights_of_stairs: 1,
  };
  const valid = {
    branch_id: 1,
    type_service: 2,
    type_moving: 1,
    type_help: 3,
    bedrooms_count: 2,
    helpers_count: 3,
    hours_count: 3.5,
    arrival_date: '2026-12-05',
    arrival_time: '8-9',
    payment_method: 'cash',
    name: 'Dana Customer',
    email: 'Dana@Example.com',
    phone: '+1 (213) - 555 - 0100',
    pickups: [address],
    destinations: [{ ...address, zip_code: '90210' }],
  };
  it('accepts a full booking and drops client prices', () => {
    const r = ZBookingInput.parse({ ...valid, order_price: 1, total: 1 });
    expect(r).not.toHaveProperty('order_price');
    expect(r.email).toBe('dana@example.com');
  });
  it('refuses 50 pickups, no pickup, a bad property type, a bad window', () => {
    expect(fieldErrors(ZBookingInput.safeParse({ ...valid, pickups: Array(50).fill(address) }))).toEqual({
      pickups: BOOKING_MSG.tooManyAddresses,
    });
    expect(fieldErrors(ZBookingInput.safeParse({ ...valid, pickups: [] }))).toEqual({
      pickups: BOOKING_MSG.pickupRequired,
    });
    expect(
      fieldErrors(ZBookingInput.safeParse({ ...valid, pickups: [{ ...address, type_property: 'Castle' }] })),
    ).toEqual({ 'pickups.0.type_property': BOOKING_MSG.propertyRequired });
    expect(fieldErrors(ZBookingInput.safeParse({ ...valid, arrival_time: '5-6' }))).toEqual({
      arrival_time: BOOKING_MSG.window,
    });
    expect(fieldErrors(ZBookingInput.safeParse({ ...valid, hours_count: 3.25 }))).toHaveProperty(
      'hours_count',
    );
  });
});
