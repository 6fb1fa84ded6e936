import { describe, expect, it } from 'vitest';
import {
  chartPeriods,
  emptyPeriod,
  periodCellLabel,
  periodLabel,
  periodOf,
  shortPeriodLabel,
} from './payout-periods.ts';

const p = (period: string, net: number) => ({ ...emptyPeriod(period), count: 1, net });

describe('payout periods', () => {
  it('keys a week by its Monday and a month by YYYY-MM, in UTC as the API does', () => {
    // Sunday 2026-03-08 23:30 UTC belongs to the week of Monday 2026-03-02.
    expect(periodOf('week', new Date('2026-03-08T23:30:00Z'))).toBe('2026-03-02');
    expect(periodOf('week', new Date('2026-03-09T00:00:00Z'))).toBe('2026-03-09');
    expect(periodOf('month', new Date('2026-01-31T23:59:00Z'))).toBe('2026-01');
  });

  it('fills the weeks without pay with zero bars, oldest first, up to this week', () => {
    const bars = chartPeriods(
      'week',
      [p('2026-03-02', 120), p('2026-02-16', 40)],
      new Date('2026-03-11T12:00Z'),
      4,
    );
    expect(bars.map((b) => [b.period, b.net])).toEqual([
      ['2026-02-16', 40],
      ['2026-02-23', 0],
      ['2026-03-02', 120],
      ['2026-03-09', 0],
    ]);
  });

  it('crosses a year by months, and follows a newer period than the clock', () => {
    const bars = chartPeriods('month', [p('2026-02', 10)], new Date('2026-01-15T00:00Z'), 3);
    expect(bars.map((b) => b.period)).toEqual(['2025-12', '2026-01', '2026-02']);
  });

  it('labels periods', () => {
    expect(shortPeriodLabel('week', '2026-03-02')).toBe('Mar 2');
    expect(shortPeriodLabel('month', '2026-12')).toBe('Dec');
    expect(periodLabel('week', '2026-03-02')).toBe('Week of Mar 2, 2026');
    expect(periodLabel('month', '2026-12')).toBe('December 2026');
    expect(periodCellLabel('week', '2026-03-02')).toBe('Mar 2, 2026');
    expect(periodCellLabel('month', '2026-03')).toBe('March 2026');
  });
});
