/**
 * The overview's date ranges (spec: current week, last week, current month, last month, last
 * 30 days), as inclusive YYYY-MM-DD bounds for a given "today". Weeks start on Monday (spec:
 * calendar week starts Monday).
 */
export type TDateRangeName = 'current_week' | 'last_week' | 'current_month' | 'last_month' | 'last_30_days';

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

export function dateRange(name: TDateRangeName, today: string): { from: string; to: string } {
  const t = utc(today);
  switch (name) {
    case 'current_week': {
      const monday = addDays(t, -((t.getUTCDay() + 6) % 7));
      return { from: iso(monday), to: iso(addDays(monday, 6)) };
    }
    case 'last_week': {
      const monday = addDays(t, -((t.getUTCDay() + 6) % 7) - 7);
      return { from: iso(monday), to: iso(addDays(monday, 6)) };
    }
    case 'current_month': {
      const first = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
      const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0));
      return { from: iso(first), to: iso(last) };
    }
    case 'last_month': {
      const first = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - 1, 1));
      const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 0));
      return { from: iso(first), to: iso(last) };
    }
    case 'last_30_days':
      return { from: iso(addDays(t, -29)), to: today };
  }
}

/** A named range or "from,to"; anything else is null. */
export function parseDateRange(value: string, today: string): { from: string; to: string } | null {
  const pair = /^(\d{4}-\d{2}-\d{2}),(\d{4}-\d{2}-\d{2})$/.exec(value);
  if (pair) return { from: pair[1]!, to: pair[2]! };
  const names: TDateRangeName[] = [
    'current_week',
    'last_week',
    'current_month',
    'last_month',
    'last_30_days',
  ];
  return (names as string[]).includes(value) ? dateRange(value as TDateRangeName, today) : null;
}
