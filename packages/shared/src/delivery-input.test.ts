import { describe, expect, it } from 'vitest';
import { PAYOUT_MSG } from './delivery.ts';
import {
  DELIVERY_MSG,
  payoutFilesError,
  uniquePayoutFiles,
  ZDeliveryInput,
  ZDeliveryReasonInput,
  ZHelperNote,
} from './delivery-input.ts';

const address = (zip: string) => ({
  address: '1200 E Florence Ave',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Apartment',
});
const valid = {
  items: [{ name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 }],
  vehicle_type: 3,
  pickup: address('90001'),
  destination: address('90210'),
  arrival_date: '2026-12-01',
  arrival_time: '8-9',
  payment_method: 'cash',
  phone: '+1 (555) - 123 - 4567',
};
const errorsOf = (v: unknown) => {
  const r = ZDeliveryInput.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('delivery input', () => {
  it('accepts a delivery and fills the defaults', () => {
    const r = ZDeliveryInput.parse(valid);
    expect(r).toMatchObject({ is_home_move: false, tip: 0 });
    expect(r.pickup.flights_of_stairs).toBe(0);
  });

  it('says what is wrong with an item, field by field', () => {
    expect(
      errorsOf({
        ...valid,
        items: [{ name: ' ', count: 0, weight: 5000, height: 0, width: 41, length: 'x' }],
      }),
    ).toEqual({
      'items.0.name': DELIVERY_MSG.itemName,
      'items.0.count': DELIVERY_MSG.count,
      'items.0.weight': DELIVERY_MSG.weight,
      'items.0.height': DELIVERY_MSG.side,
      'items.0.width': DELIVERY_MSG.side,
      'items.0.length': DELIVERY_MSG.side,
    });
    expect(errorsOf({ ...valid, items: [] })).toEqual({ items: DELIVERY_MSG.itemsRequired });
    expect(errorsOf({ ...valid, items: Array(21).fill(valid.items[0]) })).toEqual({
      items: DELIVERY_MSG.tooManyItems,
    });
  });

  it('vehicle type 1 to 4, a note of at most 1000 characters, a tip of $0 to $500', () => {
    expect(errorsOf({ ...valid, vehicle_type: 5 })).toEqual({ vehicle_type: DELIVERY_MSG.vehicle });
    expect(errorsOf({ ...valid, notes: 'x'.repeat(1001) })).toEqual({ notes: DELIVERY_MSG.note });
    expect(errorsOf({ ...valid, tip: -1 })).toEqual({ tip: DELIVERY_MSG.tip });
    expect(ZHelperNote.safeParse('x'.repeat(10_000)).success).toBe(false);
    expect(ZHelperNote.parse('  thanks  ')).toBe('thanks');
  });

  it('a reason of 20 characters or more (spec messages)', () => {
    expect(ZDeliveryReasonInput.safeParse({ reason: '' }).error?.issues[0]?.message).toBe(
      'This field is required.',
    );
    expect(ZDeliveryReasonInput.safeParse({ reason: 'too short' }).error?.issues[0]?.message).toBe(
      'Minimum 20 characters required.',
    );
  });
});

describe('payout files (spec: 1 to 5, jpg/jpeg/png/pdf, duplicates of name and size ignored)', () => {
  const f = (name: string, size = 100) => ({ name, size });
  it('counts a file once per name and size', () => {
    expect(uniquePayoutFiles([f('a.pdf'), f('a.pdf'), f('a.pdf', 101), f('b.png')])).toEqual([
      f('a.pdf'),
      f('a.pdf', 101),
      f('b.png'),
    ]);
  });

  it('needs 1 to 5 files after duplicates, of the four types', () => {
    expect(payoutFilesError([])).toBe(PAYOUT_MSG.files);
    expect(payoutFilesError([f('a.pdf')])).toBeNull();
    expect(payoutFilesError(['1', '2', '3', '4', '5'].map((n) => f(`${n}.JPG`)))).toBeNull();
    expect(payoutFilesError(['1', '2', '3', '4', '5', '6'].map((n) => f(`${n}.jpg`)))).toBe(PAYOUT_MSG.files);
    expect(payoutFilesError([...Array(6)].map(() => f('same.jpg')))).toBeNull();
    expect(payoutFilesError([f('virus.exe')])).toBe('Files must be jpg, jpeg, png or pdf');
  });
});
