/**
 * Deliveries (spec: Delivery status ids, Delivery entity and flags, Expired delivery and payout;
 * constants: vehicle types). Zod-free: the delivery pages and the API's machine both use it.
 */

export const DELIVERY_STATUS = {
  waitingForPayment: 0,
  new: 1,
  accepted: 2,
  customerCancelled: 3,
  /** The acceptor submitted the payout (Get Paid): "Payment Review in Progress". */
  waitingForComplete: 4,
  completed: 5,
} as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUS)[keyof typeof DELIVERY_STATUS];
export const DELIVERY_STATUSES: readonly TDeliveryStatus[] = [0, 1, 2, 3, 4, 5];

export const DELIVERY_STATUS_LABELS: Record<TDeliveryStatus, string> = {
  0: 'Waiting',
  1: 'New',
  2: 'Accepted',
  3: 'Customer Cancelled',
  4: 'Waiting for Complete',
  5: 'Completed',
};

/** A New delivery past its deadline with no acceptor (spec: Expired delivery). */
export const DELIVERY_EXPIRED_LABEL = 'Expired – No Company Accepted';
export const DELIVERY_EXPIRED_TOOLTIP =
  'No company accepted your delivery. Please press the Cancel button to cancel the order and receive a full refund automatically';
/** Spec: the empty state of delivery notes (both sides' details and the letter). */
export const DELIVERY_NO_NOTES = 'There is no notes!';
/** What a submitted payout shows while the admin reviews it (spec). */
export const PAYOUT_REVIEW_LABEL = 'Payment Review in Progress';

/** Spec constants: vehicle types. */
export const VEHICLE_TYPES = [
  { value: 1, label: 'Sedan' },
  { value: 2, label: 'Hatchback' },
  { value: 3, label: 'Pickup' },
  { value: 4, label: 'Truck' },
] as const;
export type TVehicleType = (typeof VEHICLE_TYPES)[number]['value'];

/** Payout submission (spec: 1 to 5 files, jpg, jpeg, png, pdf; same name and size counted once). */
export const PAYOUT_FILES = { min: 1, max: 5, types: ['jpg', 'jpeg', 'png', 'pdf'] } as const;
export const PAYOUT_MSG = { files: 'At least 1 to 5 files are required' } as const;
