import { z } from 'zod';
import { ORDER_STATUS, type TOrderStatus } from './order.ts';
import { zDate, zId } from './parse.ts';
import { ZBlockedDay } from './pricing.ts';
import { AFTERNOON, MORNING } from './pricing-constants.ts';

/** The company calendar (spec: Calendar, Blocked time, Calendar event and day; the calendar constants). */
export const CALENDAR = {
  /** Hourly grid 7 am to 4 pm (the last slot starts at 4 pm). */
  slotMinHour: 7,
  slotMaxHour: 17,
  /** The week starts on Monday. */
  firstDay: 1,
  /** The time grid opens scrolled to 08:45. */
  scrollTime: '08:45:00',
  /** One request answers at most this many days (a month view shows six weeks). */
  maxRangeDays: 62,
} as const;

export const CALENDAR_MSG = {
  emptyDay: 'No available orders.',
  feedReady: 'Calendar link is ready',
  deleteBlocked: 'Do you want to delete this blocked time?',
  range: 'The range must run forwards and span at most 62 days',
  statuses: 'Statuses must be a comma-separated list of 1, 2, 5 and 6',
} as const;

/** The status switches (spec: new, accepted, completed, being rescheduled; default only accepted). */
export const CALENDAR_STATUSES = [
  { key: 'new', label: 'New', status: ORDER_STATUS.new },
  { key: 'accepted', label: 'Accepted', status: ORDER_STATUS.accepted },
  { key: 'completed', label: 'Completed', status: ORDER_STATUS.completed },
  { key: 'rescheduling', label: 'Being rescheduled', status: ORDER_STATUS.beingRescheduled },
] as const satisfies readonly { key: string; label: string; status: TOrderStatus }[];
export const CALENDAR_DEFAULT_STATUSES: readonly TOrderStatus[] = [ORDER_STATUS.accepted];
const SWITCHABLE = new Set<number>(CALENDAR_STATUSES.map((s) => s.status));

const days = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** GET dashboard/calendar: one call per visible range (all branches of the company without branch_id). */
export const ZCalendarQuery = z
  .object({
    branch_id: zId().optional(),
    from: zDate(),
    to: zDate(),
    statuses: z
      .string(CALENDAR_MSG.statuses)
      .regex(/^\d(,\d){0,3}$/, CALENDAR_MSG.statuses)
      .transform((v) => [...new Set(v.split(',').map(Number))])
      .refine((list) => list.every((s) => SWITCHABLE.has(s)), CALENDAR_MSG.statuses)
      .optional(),
  })
  .strict()
  .refine((q) => days(q.from, q.to) >= 0 && days(q.from, q.to) <= CALENDAR.maxRangeDays, {
    message: CALENDAR_MSG.range,
    path: ['to'],
  });
export type TCalendarQuery = z.output<typeof ZCalendarQuery>;

/** One order on the grid (spec: Calendar event: name, id, customer_phone, arrival_time, service, helpers_count). */
export const ZCalendarEvent = z.object({
  id: z.number().int(),
  name: z.string(),
  customer_phone: z.string().nullable(),
  /** The branch's calendar day and show-up window ('8-9'). */
  arrival_date: z.string(),
  arrival_time: z.string(),
  /** The job as instants (ISO, UTC): the window's start and start + hours_count. */
  start: z.string(),
  end: z.string(),
  service: z.string(),
  type_service: z.number().int(),
  helpers_count: z.number().int(),
  hours_count: z.number().int(),
  status_id: z.number().int(),
  status: z.string(),
  branch_id: z.number().int(),
  branch_name: z.string(),
  time_zone: z.string(),
  order_price: z.number(),
});
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;

export const ZCalendarAnswer = z.object({
  events: z.array(ZCalendarEvent),
  blocked_days: z.array(ZBlockedDay),
  /** The time zone of the selected branch (or the company's main branch): the grid's dates and hours. */
  time_zone: z.string(),
});
export type TCalendarAnswer = z.infer<typeof ZCalendarAnswer>;

/** A blocked day's part of the day, as the grid draws it. */
export function blockedSpan(b: { is_on_morning: boolean; is_on_afternoon: boolean }): {
  start: number;
  end: number;
} {
  if (b.is_on_morning && !b.is_on_afternoon) return MORNING;
  if (!b.is_on_morning && b.is_on_afternoon) return AFTERNOON;
  return { start: MORNING.start, end: AFTERNOON.end };
}

/** A branch's private calendar feed: the path to subscribe to (null until staff create one). */
export const ZCalendarFeed = z.object({
  branch_id: z.number().int(),
  path: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;

/** `${secret}.ics`: 43 base64url characters (256 random bits) and the extension. */
export const CALENDAR_FEED_FILE = /^[A-Za-z0-9_-]{43}\.ics$/;
export const calendarFeedPath = (secret: string) => `/api/public/calendar/${secret}.ics`;
/** How far the feed reaches: a month back, half a year ahead. */
export const CALENDAR_FEED_DAYS = { back: 30, ahead: 183 } as const;
/** The statuses of jobs a crew works (accepted, rescheduling, being completed, completed). */
export const CALENDAR_FEED_STATUSES = [
  ORDER_STATUS.accepted,
  ORDER_STATUS.beingRescheduled,
  ORDER_STATUS.beingCompleted,
  ORDER_STATUS.completed,
] as const;
