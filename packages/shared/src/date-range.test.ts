import { describe, expect, it } from 'vitest';
import { dateRange, parseDateRange } from './date-range.ts';

describe('overview date ranges (weeks start on Monday)', () => {
  const today = '2026-11-21'; // a Saturday
  it.each([
    ['current_week', '2026-11-16', '2026-11-22'],
    ['last_week', '2026-11-09', '2026-11-15'],
    ['current_month', '2026-11-01', '2026-11-30'],
    ['last_month', '2026-10-01', '2026-10-31'],
    ['last_30_days', '2026-10-23', '2026-11-21'],
  ] as const)('%s', (name, from, to) => {
    expect(dateRange(name, today)).toEqual({ from, to });
  });
  it('handles a Monday, a Sunday, January and leap years', () => {
    expect(dateRange('current_week', '2026-11-16')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(dateRange('current_week', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(dateRange('last_month', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(dateRange('current_month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
  it('parses names and explicit pairs', () => {
    expect(parseDateRange('2026-01-01,2026-01-31', today)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(parseDateRange('yesterday', today)).toBeNull();
  });
});
