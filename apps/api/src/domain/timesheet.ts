/**
 * Timesheets (issue 28 item 9): pure, no I/O. A crew member's minutes on a job are their own span
 * (their start to their finish: late joiners, early leavers) less the job's breaks that fall inside
 * it. A job counts on the day its member started, on the branch's wall calendar, so a job past
 * midnight stays on its first day. Weeks start on Monday.
 */
import { todayIn } from './availability.ts';
import { wallTimeToInstant } from './wall-time.ts';

export type TSpan = { from: Date; to: Date };
export type TBreakEvent = { type: string; at: Date };

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A date plus `n` calendar days (no time zone involved). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

/** The Monday of the week holding `date`, and the Sunday that ends it. */
export function weekOf(date: string): { start: string; end: string; days: string[] } {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const start = addDays(date, -((weekday + 6) % 7));
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  return { start, end: days[6] as string, days };
}

/** The instants a week covers on the wall clock of `timeZone`: Monday 00:00 to the next Monday 00:00. */
export function weekRange(weekStart: string, timeZone: string): TSpan {
  return {
    from: wallTimeToInstant(weekStart, 0, timeZone),
    to: wallTimeToInstant(addDays(weekStart, 7), 0, timeZone),
  };
}

/**
 * The job's breaks from its steps in order: a break runs to the next resume; one still open ends at
 * the job's finish, or at `now` while the job runs. Steps other than break, resume and finish are
 * ignored, and so is a resume without a break before it.
 */
export function jobBreaks(events: readonly TBreakEvent[], now: Date): TSpan[] {
  const spans: TSpan[] = [];
  let open: Date | null = null;
  for (const e of events) {
    if (e.type === 'break' && open === null) open = e.at;
    else if ((e.type === 'resume' || e.type === 'finish') && open !== null) {
      spans.push({ from: open, to: e.at });
      open = null;
    }
    if (e.type === 'finish') return spans;
  }
  if (open !== null) spans.push({ from: open, to: now });
  return spans;
}

const overlapMs = (a: TSpan, b: TSpan) =>
  Math.max(0, Math.min(a.to.getTime(), b.to.getTime()) - Math.max(a.from.getTime(), b.from.getTime()));

/**
 * A member's whole minutes on a job: their span less the part of each break inside it (seconds
 * dropped, as the job clock does). A member still on the job counts up to the job's finish, or `now`.
 */
export function memberMinutes(
  member: { startedAt: Date; finishedAt: Date | null },
  jobFinishedAt: Date | null,
  breaks: readonly TSpan[],
  now: Date,
): number {
  const span = { from: member.startedAt, to: member.finishedAt ?? jobFinishedAt ?? now };
  const worked = Math.max(0, span.to.getTime() - span.from.getTime());
  const paused = breaks.reduce((s, b) => s + overlapMs(span, b), 0);
  return Math.floor(Math.max(0, worked - paused) / MINUTE);
}

export type TTimesheetEntry = {
  crewId: number;
  name: string;
  orderId: number;
  startedAt: Date;
  finishedAt: Date | null;
  minutes: number;
};

export type TTimesheetDay = {
  orderId: number;
  date: string;
  startedAt: Date;
  finishedAt: Date | null;
  minutes: number;
};

export type TTimesheetRowOut = {
  crewId: number;
  name: string;
  minutes: number;
  days: number[];
  jobs: TTimesheetDay[];
};

/**
 * The week's rows: one per member with time in the week, by name; each job on the day its member
 * started (the branch's wall calendar), minutes per day Monday first, and the totals.
 */
export function timesheetRows(
  entries: readonly TTimesheetEntry[],
  weekStart: string,
  timeZone: string,
): { rows: TTimesheetRowOut[]; totalMinutes: number } {
  const days = weekOf(weekStart).days;
  const byMember = new Map<number, TTimesheetRowOut>();
  for (const e of entries) {
    const date = todayIn(timeZone, e.startedAt);
    const index = days.indexOf(date);
    if (index < 0) continue;
    let row = byMember.get(e.crewId);
    if (!row) {
      row = { crewId: e.crewId, name: e.name, minutes: 0, days: [0, 0, 0, 0, 0, 0, 0], jobs: [] };
      byMember.set(e.crewId, row);
    }
    row.days[index] = (row.days[index] ?? 0) + e.minutes;
    row.minutes += e.minutes;
    row.jobs.push({
      orderId: e.orderId,
      date,
      startedAt: e.startedAt,
      finishedAt: e.finishedAt,
      minutes: e.minutes,
    });
  }
  const rows = [...byMember.values()].sort((a, b) => a.name.localeCompare(b.name) || a.crewId - b.crewId);
  for (const r of rows)
    r.jobs.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.orderId - b.orderId);
  return { rows, totalMinutes: rows.reduce((s, r) => s + r.minutes, 0) };
}

/** Minutes as decimal hours for payroll: 450 -> "7.50". */
export function decimalHours(minutes: number): string {
  return (Math.round((minutes / 60) * 100) / 100).toFixed(2);
}
