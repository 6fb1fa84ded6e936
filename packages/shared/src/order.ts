import { z } from 'zod';

/** Order status ids (our reading of the spec's two; docs/decisions/007-order-state-machine.md). */
export const ORDER_STATUS = {
  waitingForPayment: 0,
  new: 1,
  accepted: 2,
  rejected: 3,
  cancelled: 4,
  completed: 5,
  beingRescheduled: 6,
  beingCompleted: 7,
} as const;
export type TOrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES: readonly TOrderStatus[] = [0, 1, 2, 3, 4, 5, 6, 7];

export const ORDER_STATUS_LABELS: Record<TOrderStatus, string> = {
  0: 'Waiting For Payment',
  1: 'New',
  2: 'Accepted',
  3: 'Rejected',
  4: 'Cancelled',
  5: 'Completed',
  6: 'Being Rescheduled',
  7: 'Being Completed',
};

export const REASON_MIN = 20;
export const REASON_MSG = {
  required: 'This field is required.',
  min: 'Minimum 20 characters required.',
} as const;

/** Cancel, reject-after-accepting and reschedule-rejection reasons: required, at least 20 characters. */
export const ZReason = z
  .string({ error: REASON_MSG.required })
  .trim()
  .min(1, { message: REASON_MSG.required, abort: true })
  .min(REASON_MIN, REASON_MSG.min)
  .max(1000);
