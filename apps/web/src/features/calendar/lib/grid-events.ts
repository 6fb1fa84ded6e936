import { blockedSpan, type TCalendarAnswer, type TCalendarEvent } from '@haulpro/shared/calendar';
import { ORDER_STATUS } from '@haulpro/shared/order';
import type { TBlockedDay } from '@haulpro/shared/pricing';
import { SHOW_UP_WINDOWS, type TShowUpWindow, windowHours } from '@haulpro/shared/pricing-constants';

/*
 * The calendar draws the branch's wall clock: FullCalendar runs in UTC and every time handed to
 * it is the branch's wall time written as UTC ('2026-03-09T08:00:00Z' is 8 am at the branch).
 * No browser zone and no daylight-saving change can move an order off its hour.
 */

/** The branch's wall time `hour` on `date`, as the grid's UTC instant. */
export function wallAt(date: string, hour: number): string {
  const day = new Date(`${date}T00:00:00Z`).getTime() + hour * 3_600_000;
  return new Date(day).toISOString();
}

/** Spec: events coloured by weekday (Monday first). Light fills keep dark text readable (AA). */
export const WEEKDAY_COLORS = ['blue', 'teal', 'grape', 'orange', 'indigo', 'pink', 'cyan'] as const;

export function weekdayColor(date: string): (typeof WEEKDAY_COLORS)[number] {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAY_COLORS[(day + 6) % 7]!;
}

export type TGridEvent = {
  id: string;
  title: string;
  start: string;
  end: string;
  display?: 'background';
  startEditable?: boolean;
  backgroundColor?: string;
  borderColor?: string;
  textColor?: string;
  durationEditable?: boolean;
  classNames?: string[];
  /** `more`: the day a "+N more" entry of the month view opens. */
  extendedProps: { order?: TCalendarEvent; block?: TBlockedDay; color?: string; more?: string };
};

/** The show-up window an order dropped at `hour` (wall clock) gets: the one starting then, else the last before. */
export function windowAt(hour: number): TShowUpWindow {
  let best: TShowUpWindow = SHOW_UP_WINDOWS[0];
  for (const w of SHOW_UP_WINDOWS) if (windowHours(w).start <= hour) best = w;
  return best;
}

export function orderEvent(e: TCalendarEvent): TGridEvent {
  const start = windowHours(e.arrival_time as TShowUpWindow).start;
  return {
    id: `order-${e.id}`,
    // Only an accepted order can be dragged to another day or hour (a reschedule proposal).
    startEditable: e.status_id === ORDER_STATUS.accepted,
    durationEditable: false,
    // The month view's own content uses these (the week and day views draw EventBox).
    backgroundColor: `var(--mantine-color-${weekdayColor(e.arrival_date)}-0)`,
    borderColor: `var(--mantine-color-${weekdayColor(e.arrival_date)}-7)`,
    textColor: 'var(--mantine-color-dark-8)',
    title: titleOf(e),
    start: wallAt(e.arrival_date, start),
    end: wallAt(e.arrival_date, start + Math.max(1, e.hours_count)),
    extendedProps: { order: e, color: weekdayColor(e.arrival_date) },
  };
}

export function blockedEvent(b: TBlockedDay): TGridEvent {
  const span = blockedSpan(b);
  return {
    id: `block-${b.id}`,
    title: 'Blocked',
    start: wallAt(b.date, span.start),
    end: wallAt(b.date, span.end),
    display: 'background',
    classNames: ['hp-blocked'],
    extendedProps: { block: b },
  };
}

export function gridEvents(answer: TCalendarAnswer | undefined): TGridEvent[] {
  if (!answer) return [];
  return [...answer.events.map(orderEvent), ...answer.blocked_days.map(blockedEvent)];
}

/** Orders a month cell shows before its "+N more" entry. */
export const MONTH_DAY_ORDERS = 3;

const titleOf = (e: TCalendarEvent) => `#${e.id} ${e.name}`;
const startHour = (e: TCalendarEvent) => windowHours(e.arrival_time as TShowUpWindow).start;

/**
 * The month view's events: each day's first MONTH_DAY_ORDERS orders in FullCalendar's own order
 * (start, longer first, title), then one "+N more" entry that opens the day's schedule. A busy
 * month has thousands of orders; FullCalendar lays out (and measures) every event it is given,
 * even those its own "+more" link hides, which took most of a second (npm run bench -- calendar).
 */
export function monthEvents(answer: TCalendarAnswer | undefined): TGridEvent[] {
  if (!answer) return [];
  const byDay = new Map<string, TCalendarEvent[]>();
  for (const e of answer.events) {
    const list = byDay.get(e.arrival_date);
    if (list) list.push(e);
    else byDay.set(e.arrival_date, [e]);
  }
  const out: TGridEvent[] = [];
  for (const [date, list] of byDay) {
    if (list.length > MONTH_DAY_ORDERS) {
      list.sort(
        (a, b) =>
          startHour(a) - startHour(b) ||
          Math.max(1, b.hours_count) - Math.max(1, a.hours_count) ||
          titleOf(a).localeCompare(titleOf(b)),
      );
    }
    for (const e of list.slice(0, MONTH_DAY_ORDERS)) out.push(orderEvent(e));
    if (list.length > MONTH_DAY_ORDERS) out.push(moreEvent(date, list.length - MONTH_DAY_ORDERS));
  }
  return [...out, ...answer.blocked_days.map(blockedEvent)];
}

/** A month cell's "+N more": last in its day (it starts when the grid's day ends), never dragged. */
export function moreEvent(date: string, hidden: number): TGridEvent {
  return {
    id: `more-${date}`,
    title: `+${hidden} more`,
    start: wallAt(date, 23),
    end: wallAt(date, 24),
    startEditable: false,
    durationEditable: false,
    classNames: ['hp-more'],
    extendedProps: { more: date },
  };
}

/** The grid's day (YYYY-MM-DD) of a grid instant. */
export const gridDate = (d: Date) => d.toISOString().slice(0, 10);

/** Orders of one day, by arrival. */
export function ordersOn(answer: TCalendarAnswer | undefined, date: string): TCalendarEvent[] {
  return (answer?.events ?? [])
    .filter((e) => e.arrival_date === date)
    .sort(
      (a, b) =>
        windowHours(a.arrival_time as TShowUpWindow).start -
          windowHours(b.arrival_time as TShowUpWindow).start || a.id - b.id,
    );
}
