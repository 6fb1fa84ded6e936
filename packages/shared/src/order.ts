import { z } from 'zod';
import { isCalendarDate, requiredOnly, zBool, zDate, zId, zInt } from './parse.ts';

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
  // Ours: the spec gives no upper limit's words.
  max: 'The reason must be at most 1000 characters',
} as const;

/** Cancel, reject-after-accepting and reschedule-rejection reasons: required, at least 20 characters. */
export const ZReason = z
  .string(requiredOnly(REASON_MSG.required))
  .trim()
  .min(1, { message: REASON_MSG.required, abort: true })
  .min(REASON_MIN, REASON_MSG.min)
  .max(1000, REASON_MSG.max);

/** The body of a cancel or reject that needs a reason (and the web's reason form). */
export const ZReasonInput = z.object({ reason: ZReason });

/** Customer phone as the company sees it before acceptance: first 9 characters then '****' (spec). */
export function maskPhone(phone: string | null): string | null {
  return phone ? `${phone.slice(0, 9)}****` : null;
}

/** Status filters of the orders list and the counts (spec: Order counts keys). */
export const ORDER_FILTERS = {
  all: [0, 1, 2, 3, 4, 5, 6, 7],
  active: [0, 1, 2, 6, 7],
  new: [1],
  accepted: [2],
  rejected: [3],
  cancelled: [4],
  completed: [5],
  being_rescheduled: [6],
  being_completed: [7],
  waiting_for_payment: [0],
  completed_and_accepted: [2, 5, 7],
} as const satisfies Record<string, readonly TOrderStatus[]>;
export type TOrderFilter = keyof typeof ORDER_FILTERS;

const DATE_RANGE_MSG = 'Invalid date range';

export const ZOrderListQuery = z.object({
  branch_id: zId().optional(),
  filter: z.enum(Object.keys(ORDER_FILTERS) as [TOrderFilter, ...TOrderFilter[]]).default('all'),
  orderBy: z.enum(['arrival_date', 'created_at', 'id', 'order_price']).default('arrival_date'),
  desc: zBool().default(false),
  page: zInt(1, 100000).default(1),
  paginate: zInt(1, 100).default(15),
  /** current_week | last_week | current_month | last_month | last_30_days, or "YYYY-MM-DD,YYYY-MM-DD". */
  arrival_date_in: z
    .string()
    .regex(
      /^(current_week|last_week|current_month|last_month|last_30_days|\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2})$/,
      DATE_RANGE_MSG,
    )
    .refine((v) => !v.includes(',') || v.split(',').every(isCalendarDate), DATE_RANGE_MSG)
    .optional(),
});
export type TOrderListQuery = z.output<typeof ZOrderListQuery>;

export const RESCHEDULE_MSG = {
  noteRequired: 'Note is required!',
  noteMax: 'Note must be at most 1000 characters',
  dateRequired: 'Date is required',
  dateTooSoon: 'Choose a date from tomorrow on',
  window: 'Choose a show-up time',
} as const;

const SHOW_UP = ['7-8', '8-9', '9-10', '10-11', '11-12', '12-3', '1-4', '2-5', '3-6'] as const;

/** orders/{id}/reschedule-requests (spec: requested_time, requested_date, note, instantly, price). The price is recomputed by the server. */
export const ZRescheduleRequestInput = z.object({
  requested_date: zDate(RESCHEDULE_MSG.dateRequired),
  requested_time: z.enum(SHOW_UP, { error: RESCHEDULE_MSG.window }),
  note: z
    .string(requiredOnly(RESCHEDULE_MSG.noteRequired))
    .trim()
    .min(1, RESCHEDULE_MSG.noteRequired)
    .max(1000, RESCHEDULE_MSG.noteMax),
  instantly: zBool().default(false),
  price: z.unknown().optional(),
});

/** The default alternate date: the day after the later of the arrival date and today (spec). */
export function defaultRescheduleDate(arrivalDate: string, today: string): string {
  const later = arrivalDate > today ? arrivalDate : today;
  return new Date(Date.parse(`${later}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
