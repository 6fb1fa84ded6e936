import type { TPayoutPeriod, TPayoutsView } from '@haulpro/shared/payouts';

export type TPeriodKind = TPayoutsView['period'];

/** How many periods the bar chart shows: two months of weeks, half a year of months. */
export const CHART_SPAN: Record<TPeriodKind, number> = { week: 8, month: 6 };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The period of an instant as the API keys it: the Monday (YYYY-MM-DD) of its week or its month
 * (YYYY-MM), both in UTC (the API's payout ledger), so "this week" matches the server's.
 */
export function periodOf(kind: TPeriodKind, at: Date): string {
  if (kind === 'month') return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The period `steps` before (negative) or after a period key. */
function shift(kind: TPeriodKind, period: string, steps: number): string {
  if (kind === 'month') {
    const [y = 1970, m = 1] = period.split('-').map(Number);
    const d = new Date(Date.UTC(y, m - 1 + steps, 1));
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
  }
  const d = new Date(`${period}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + steps * 7);
  return d.toISOString().slice(0, 10);
}

/** A period without jobs. */
export function emptyPeriod(period: string): TPayoutPeriod {
  return {
    period,
    count: 0,
    gross: 0,
    platform_fee: 0,
    tips: 0,
    cancellation_fees: 0,
    net: 0,
    paid_out: 0,
    pending: 0,
    platform_fee_owed: 0,
  };
}

/**
 * The chart's bars, oldest first: the last `span` periods up to the current one (or the newest
 * with jobs, if the clock is behind), with empty periods as zero bars. The API lists only
 * periods that have jobs; a gap is a week without pay, and the chart should show it.
 */
export function chartPeriods(
  kind: TPeriodKind,
  periods: readonly TPayoutPeriod[],
  now: Date,
  span = CHART_SPAN[kind],
): TPayoutPeriod[] {
  const current = periodOf(kind, now);
  // Keys sort as text (YYYY-MM-DD, YYYY-MM): the last is the newest.
  const newest = [current, ...periods.map((p) => p.period)].sort().at(-1) ?? current;
  const byKey = new Map(periods.map((p) => [p.period, p]));
  const out: TPayoutPeriod[] = [];
  for (let i = span - 1; i >= 0; i--) {
    const key = shift(kind, newest, -i);
    out.push(byKey.get(key) ?? emptyPeriod(key));
  }
  return out;
}

/** A bar's short label: "Mar 2" (a week's Monday) or "Mar" (a month). */
export function shortPeriodLabel(kind: TPeriodKind, period: string): string {
  const [, m = 1, d] = period.split('-').map(Number);
  if (kind === 'month') return MONTHS[m - 1] ?? period;
  return `${MONTHS[m - 1] ?? ''} ${d ?? ''}`.trim();
}

/** A period in words: "Week of Mar 2, 2026" or "March 2026". */
export function periodLabel(kind: TPeriodKind, period: string): string {
  const [y, m = 1, d] = period.split('-').map(Number);
  if (kind === 'month') return `${LONG_MONTHS[m - 1] ?? ''} ${y}`;
  return `Week of ${MONTHS[m - 1] ?? ''} ${d ?? ''}, ${y}`;
}

/** A period in a table whose column already says Week or Month: "Mar 2, 2026" or "March 2026". */
export function periodCellLabel(kind: TPeriodKind, period: string): string {
  return kind === 'week' ? periodLabel(kind, period).replace(/^Week of /, '') : periodLabel(kind, period);
}
