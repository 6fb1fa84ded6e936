import { z } from 'zod';
import { JOB_STATES, type TJobState } from './job-line.ts';
import { isCleanText } from './parse.ts';
import { ZCompleteInput } from './payouts.ts';

/** A tip in dollars, checked as the confirmation's (payouts.ts). */
const ZTip = ZCompleteInput.unwrap().shape.tip;

/*
 * Move day (issue 28, decision 030): the crew's steps on the job, the job clock, changes on site,
 * the final bill signed on glass, photos and the timesheets. The API's routes declare these
 * schemas; the web imports the same types. Money in dollars, times ISO 8601.
 */

export const JOB_EVENT_TYPES = ['on_my_way', 'arrived', 'start', 'break', 'resume', 'finish'] as const;
export type TJobEventType = (typeof JOB_EVENT_TYPES)[number];

export { JOB_STATES, type TJobLine, type TJobState, ZJobLine } from './job-line.ts';

/** What the crew presses. */
export const JOB_STEP_LABELS: Record<TJobEventType, string> = {
  on_my_way: 'On my way',
  arrived: 'Arrived',
  start: 'Start work',
  break: 'Break',
  resume: 'Resume',
  finish: 'Finish work',
};

/** What both sides read. */
export const JOB_STATE_LABELS: Record<TJobState, string> = {
  not_started: 'Not started',
  on_the_way: 'On the way',
  arrived: 'Arrived',
  working: 'Working',
  on_break: 'On a break',
  finished: 'Finished',
};

export const JOB_MSG = {
  type: 'Choose a step: on_my_way, arrived, start, break, resume or finish.',
  at: 'Time must be an ISO 8601 date and time with its offset.',
  eta: 'ETA must be a whole number of minutes from 1 to 600.',
  key: 'Idempotency key must be a UUID.',
  notToday: 'Job steps can be recorded from the move date on, for an accepted order.',
  finished: 'This job is finished.',
  changeKind: 'Choose what changed: stairs, stop, heavy_item, equipment or fixed.',
  description: 'Describe the change in 1 to 500 characters.',
  amount: 'Amount must be from $0.01 to $10,000.00, with at most two decimals.',
  amountRequired: 'Enter the amount of a fixed extra.',
  equipmentRequired: 'Choose the equipment from the company’s equipment list.',
  equipmentUnknown: 'This equipment is not on the company’s active equipment list.',
  quantity: 'Quantity must be a whole number from 1 to 20.',
  photo: 'This photo is not one of this job’s photos.',
  changeDecided: 'This change was already answered.',
  changeClosed: 'Changes can be added while the job is under way, before the bill is signed.',
  signature: 'Sign in the box: the signature must be a PNG drawing.',
  notFinished: 'The bill can be signed once the crew has pressed Finish work.',
  alreadySigned: 'This bill is already signed.',
  photoLimit: 'A job can have at most 20 photos.',
  phase: 'Choose before or after.',
  reason: 'Tell us what is wrong with the bill in 1 to 1,000 characters.',
  balanceDeclined:
    'The card saved at booking was declined for the balance. Collect the balance in cash, or the customer can pay it from their dashboard.',
  noSavedCard: 'No card was saved with this booking: collect the balance in cash.',
  week: 'Week must be a date (YYYY-MM-DD).',
  crewMember: 'Choose a crew member assigned to this job.',
  crewTimes: 'A crew member finishes after they start.',
  time: 'Time must be an ISO 8601 date and time with its offset, or null.',
} as const;

/** The step after which each step may come, in words for the 409 of a step out of order. */
export function expectedStepsText(expected: readonly TJobEventType[]): string {
  const names = expected.map((t) => JOB_STEP_LABELS[t]);
  if (names.length === 0) return 'This job is finished: no more steps can be recorded.';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return `This step is out of order: the next step is ${list}.`;
}

const clean = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message).refine(isCleanText, message);

const dollars = (message: string) =>
  z
    .number({ error: message })
    .min(0.01, message)
    .max(10_000, message)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, message);

/** POST dashboard/orders/{id}/job-events. */
export const ZJobEventInput = z.strictObject({
  type: z.enum(JOB_EVENT_TYPES, { error: JOB_MSG.type }),
  /** The phone's time of the step (offline steps are sent later); the server keeps it within the job's day. */
  at: z.iso.datetime({ offset: true, error: JOB_MSG.at }).optional(),
  eta_minutes: z.int({ error: JOB_MSG.eta }).min(1, JOB_MSG.eta).max(600, JOB_MSG.eta).optional(),
  idempotency_key: z.uuid({ error: JOB_MSG.key }),
});
export type TJobEventInput = z.infer<typeof ZJobEventInput>;

export const ZJobEvent = z.object({
  id: z.number().int(),
  type: z.enum(JOB_EVENT_TYPES),
  /** The time the server recorded (the phone's time when it was plausible). */
  at: z.string(),
  /** The phone's own time, when one was sent. */
  device_at: z.string().nullable(),
  /** The phone's time was outside the job's day or before the previous step, so `at` differs from it. */
  corrected: z.boolean(),
  eta_minutes: z.number().int().nullable(),
  by: z.string().nullable(),
});
export type TJobEvent = z.infer<typeof ZJobEvent>;

export const CHANGE_KINDS = ['stairs', 'stop', 'heavy_item', 'equipment', 'fixed'] as const;
export type TChangeKind = (typeof CHANGE_KINDS)[number];
export const CHANGE_KIND_LABELS: Record<TChangeKind, string> = {
  stairs: 'Extra stairs',
  stop: 'Extra stop',
  heavy_item: 'Heavy item',
  equipment: 'Equipment',
  fixed: 'Fixed extra',
};
export const CHANGE_STATUSES = ['pending', 'approved', 'declined'] as const;
export type TChangeStatus = (typeof CHANGE_STATUSES)[number];

/** POST dashboard/orders/{id}/changes. */
export const ZChangeInput = z.strictObject({
  kind: z.enum(CHANGE_KINDS, { error: JOB_MSG.changeKind }),
  description: clean(500, JOB_MSG.description),
  /** A fixed extra's price; other kinds are priced by the pricing engine (decision 030). */
  amount: dollars(JOB_MSG.amount).optional(),
  equipment_uuid: z.uuid({ error: JOB_MSG.equipmentUnknown }).optional(),
  /** Flights of stairs, stops or heavy items (default 1). */
  quantity: z.int({ error: JOB_MSG.quantity }).min(1, JOB_MSG.quantity).max(20, JOB_MSG.quantity).optional(),
  /** One of this job's photos (POST …/photos), shown with the change. */
  photo_id: z
    .int({ error: JOB_MSG.photo })
    .min(1, JOB_MSG.photo)
    .max(2_147_483_647, JOB_MSG.photo)
    .optional(),
});
export type TChangeInput = z.infer<typeof ZChangeInput>;

export const ZJobChange = z.object({
  id: z.number().int(),
  kind: z.enum(CHANGE_KINDS),
  description: z.string(),
  quantity: z.number().int(),
  amount: z.number(),
  status: z.enum(CHANGE_STATUSES),
  /** Where it was answered: on the crew's phone (the customer tapped) or from the customer's dashboard. */
  decided_on: z.enum(['site', 'dashboard']).nullable(),
  photo_url: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type TJobChange = z.infer<typeof ZJobChange>;

export const PHOTO_PHASES = ['before', 'after'] as const;
export type TPhotoPhase = (typeof PHOTO_PHASES)[number];
export const MAX_JOB_PHOTOS = 20;

export const ZJobPhoto = z.object({
  id: z.number().int(),
  phase: z.enum([...PHOTO_PHASES, 'change']),
  url: z.string(),
  created_at: z.string(),
});
export type TJobPhoto = z.infer<typeof ZJobPhoto>;

/** The itemised bill (dollars): total = booked + fees + extra_time + changes - discounts; balance = total - paid. */
export const ZJobBill = z.object({
  /** The booked quote before fees and discounts: labor for the booked hours, drive, bedrooms, equipment, date adjustment. */
  booked: z.number(),
  /** Time beyond the booked hours (positive) or short of them down to the minimum (negative). */
  extra_time: z.number(),
  /** Approved changes on site. */
  changes: z.number(),
  /** The coupon taken off at booking. */
  discounts: z.number(),
  /** Service and processing fees of the booking. */
  fees: z.number(),
  /** Charged to the card at booking (0 for cash). */
  paid: z.number(),
  /** What is still owed (negative: refunded). */
  balance: z.number(),
  total: z.number(),
  hourly: z.number(),
  /** The rate of the hours past the booking: the company's charge_overtime, or the hourly rate. */
  overtime_rate: z.number(),
  booked_minutes: z.number().int(),
  minimum_minutes: z.number().int(),
  extra_minutes: z.number().int(),
});
export type TJobBill = z.infer<typeof ZJobBill>;

export const ZCrewTime = z.object({
  crew_id: z.number().int(),
  name: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  worked_minutes: z.number().int(),
});
export type TCrewTime = z.infer<typeof ZCrewTime>;

export const BALANCE_STATUSES = ['none', 'charged', 'cash', 'refund_pending', 'refunded', 'owed'] as const;
export type TBalanceStatus = (typeof BALANCE_STATUSES)[number];

/** GET dashboard/orders/{id}/job and dashboard/customer/orders/{id}/job. */
export const ZJobView = z.object({
  order_id: z.number().int(),
  state: z.enum(JOB_STATES),
  events: z.array(ZJobEvent),
  /** Expected arrival (On my way's time plus its ETA). */
  eta_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  worked_minutes: z.number().int(),
  break_minutes: z.number().int(),
  billable_minutes: z.number().int(),
  bill: ZJobBill,
  changes: z.array(ZJobChange),
  photos: z.array(ZJobPhoto),
  crew: z.array(ZCrewTime),
  /** The steps the crew may press now. */
  next_steps: z.array(z.enum(JOB_EVENT_TYPES)),
  can_add_change: z.boolean(),
  can_sign: z.boolean(),
  /** The customer may confirm or dispute the finished bill from their dashboard until `confirm_by`. */
  can_confirm: z.boolean(),
  can_dispute: z.boolean(),
  confirm_by: z.string().nullable(),
  signed_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  /** How the bill was confirmed: signed on the crew's phone, from the dashboard, or automatically after 48 hours. */
  confirmed_by: z.enum(['signature', 'customer', 'automatic']).nullable(),
  disputed_at: z.string().nullable(),
  dispute_reason: z.string().nullable(),
  balance_status: z.enum(BALANCE_STATUSES),
  /** The signed work order (a short-lived signed link). */
  work_order_url: z.string().nullable(),
  /** The order's address and contacts for the crew (null for the customer's own view). */
  time_zone: z.string(),
  arrival_date: z.string(),
  arrival_time: z.string(),
});
export type TJobView = z.infer<typeof ZJobView>;

/** POST dashboard/orders/{id}/sign: the customer signs the final bill on the crew's phone. */
export const ZSignInput = z.strictObject({
  signature: z
    .string({ error: JOB_MSG.signature })
    .max(2_000_000, JOB_MSG.signature)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, JOB_MSG.signature),
  /** The tip the customer chose after signing (dollars): the tip prompt follows the signature. */
  tip: ZTip,
  /** The crew collected the balance in cash (a cash order always does). */
  collect_cash: z.boolean({ error: 'collect_cash must be true or false.' }).optional(),
});
export type TSignInput = z.infer<typeof ZSignInput>;

/** POST dashboard/orders/{id}/crew-times: one member's own start or finish (a late joiner, an early leaver). */
export const ZCrewTimeInput = z.strictObject({
  crew_id: z
    .int({ error: JOB_MSG.crewMember })
    .min(1, JOB_MSG.crewMember)
    .max(2_147_483_647, JOB_MSG.crewMember),
  started_at: z.iso.datetime({ offset: true, error: JOB_MSG.time }).nullable().optional(),
  finished_at: z.iso.datetime({ offset: true, error: JOB_MSG.time }).nullable().optional(),
});

/** POST dashboard/customer/orders/{id}/job/confirm: the customer confirms the finished bill, with an optional tip. */
export const ZConfirmInput = ZCompleteInput;

/** POST dashboard/customer/orders/{id}/job/dispute. */
export const ZDisputeInput = z.strictObject({ reason: clean(1000, JOB_MSG.reason) });

/** The answer of a signature or a confirmation. */
export const ZSignResult = z.object({
  data: ZJobView,
  message: z.string(),
  work_order_url: z.string().nullable(),
});

/** GET dashboard/today: the accepted jobs of today, in arrival order. */
export const ZTodayJob = z.object({
  kind: z.enum(['order', 'delivery']),
  id: z.number().int(),
  /** The page the crew opens: /job/{id} for an order, the delivery's page for a delivery. */
  href: z.string(),
  arrival_time: z.string(),
  title: z.string(),
  address: z.string(),
  /** One tap to the phone's maps. */
  maps_url: z.string(),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  crew: z.array(z.string()),
  state: z.enum(JOB_STATES),
  state_label: z.string(),
});
export type TTodayJob = z.infer<typeof ZTodayJob>;
export const ZToday = z.object({ date: z.string(), time_zone: z.string(), jobs: z.array(ZTodayJob) });
export type TToday = z.infer<typeof ZToday>;

/* The timesheets' query and answer (GET dashboard/timesheets): timesheets.ts. */

/** Minutes as "3 h 15 min". */
export function minutesText(m: number): string {
  const h = Math.floor(Math.abs(m) / 60);
  const r = Math.abs(m) % 60;
  const sign = m < 0 ? '-' : '';
  if (h === 0) return `${sign}${r} min`;
  return r === 0 ? `${sign}${h} h` : `${sign}${h} h ${r} min`;
}

/*
 * Deliveries on move day (issue 28, item 2): the helper's On my way (with an ETA) and Arrived,
 * then a pickup and a drop-off photo (proof of delivery) before Get Paid. The routes are
 * `POST dashboard/deliveries/{id}/on-my-way`, `/arrived`, `/pickup-photo` and `/dropoff-photo`
 * (multipart `photo`, one png or jpg).
 */

export const DELIVERY_MOVE_DAY_MSG = {
  eta: JOB_MSG.eta,
  notOpen: 'Move-day steps can be recorded from the delivery date on, for an accepted delivery.',
  alreadyOnMyWay: 'On my way was already recorded for this delivery.',
  alreadyArrived: 'Arrived was already recorded for this delivery.',
  nextOnMyWay: 'This step is out of order: the next step is On my way.',
  nextArrived: 'This step is out of order: the next step is Arrived.',
  nextPickupPhoto: 'This step is out of order: the next step is the pickup photo.',
  photo: 'Choose one photo (jpg or png) of at most 10 MB.',
  dropoffRequired: 'Add the drop-off photo (proof of delivery) before you submit for payout.',
} as const;

/** What the helper's buttons say (the shared On my way and Arrived, and the two photos). */
export const DELIVERY_STEP_LABELS = {
  on_my_way: JOB_STEP_LABELS.on_my_way,
  arrived: JOB_STEP_LABELS.arrived,
  pickup_photo: 'Pickup photo',
  dropoff_photo: 'Drop-off photo',
} as const;

/** The ETA chips the helper picks from (minutes). */
export const DELIVERY_ETA_CHOICES = [15, 30, 45, 60] as const;

/** POST dashboard/deliveries/{id}/on-my-way. */
export const ZDeliveryOnMyWayInput = z.strictObject({
  eta_minutes: z
    .int({ error: DELIVERY_MOVE_DAY_MSG.eta })
    .min(1, DELIVERY_MOVE_DAY_MSG.eta)
    .max(600, DELIVERY_MOVE_DAY_MSG.eta),
});
export type TDeliveryOnMyWayInput = z.infer<typeof ZDeliveryOnMyWayInput>;

/** "10:35 AM" on the delivery's wall clock (the e-mail, the helper's card and the customer's). */
export function deliveryClockTime(at: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(
    typeof at === 'string' ? new Date(at) : at,
  );
}

/** One tap to the phone's maps (the Today list's addresses). */
export const mapsUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
