import { expect, test } from 'vitest';
import { quoteRequest } from './delivery-checks.ts';
import {
  DELIVERY_KINDS,
  initialDeliveryDraft,
  newItem,
  priceNeedsBeforeChecks,
  type TDeliveryDraft,
} from './delivery-draft.ts';

// Before the schema's checks arrive (at the visitor's first touch) the price lists what it needs
// from `priceNeedsBeforeChecks`; for a form nobody has touched it must say what the schema says.
const kinds = [null, ...DELIVERY_KINDS.map((k) => k.key)];

test.each(kinds)('an untouched form (%s) needs what the schema says it needs', (kind) => {
  const draft = initialDeliveryDraft(kind);
  expect(priceNeedsBeforeChecks(draft)).toEqual(quoteRequest(draft).needs);
  expect(quoteRequest(draft).needs).toEqual(['items', 'vehicle', 'pickup', 'destination']);
});

test('a form with the load, the vehicle and both ZIPs needs nothing, by either reading', () => {
  const draft: TDeliveryDraft = {
    ...initialDeliveryDraft('few_items'),
    items: [{ ...newItem(), name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 }],
    vehicle_type: 2,
    pickup: { ...initialDeliveryDraft(null).pickup, zip_code: '90001' },
    destination: { ...initialDeliveryDraft(null).destination, zip_code: '90210' },
  };
  expect(quoteRequest(draft).needs).toEqual([]);
  expect(priceNeedsBeforeChecks(draft)).toEqual([]);
});

test('half-filled items and a missing ZIP are needs by either reading', () => {
  const draft: TDeliveryDraft = {
    ...initialDeliveryDraft('used_item'),
    items: [{ ...newItem(), name: 'Desk', weight: '' }],
    vehicle_type: 1,
    pickup: { ...initialDeliveryDraft(null).pickup, zip_code: '9000' },
    destination: { ...initialDeliveryDraft(null).destination, zip_code: '90210' },
  };
  expect(quoteRequest(draft).needs).toEqual(['items', 'pickup']);
  expect(priceNeedsBeforeChecks(draft)).toEqual(['items', 'pickup']);
});
