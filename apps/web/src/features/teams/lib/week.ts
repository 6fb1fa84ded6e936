/*
 * The Timesheets tab's weeks: calendar dates (YYYY-MM-DD) with no time zone, Monday first, as the
 * API counts them.
 */

const DAY = 86_400_000;

export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Minutes as hours with at most two decimals: 450 -> "7.5 h", 0 -> "—". */
export function hoursText(minutes: number): string {
  if (minutes === 0) return '—';
  return `${Math.round((minutes / 60) * 100) / 100} h`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 23" from a date. */
export function shortDate(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

/** "Nov 23 – Nov 29, 2026". */
export function weekLabel(start: string): string {
  const end = addDays(start, 6);
  return `${shortDate(start)} – ${shortDate(end)}, ${end.slice(0, 4)}`;
}
