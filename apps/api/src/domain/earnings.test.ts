import { describe, expect, it } from 'vitest';
import { earningsSummary, type TPayoutRecord, weekOf } from './earnings.ts';

const rec = (
  id: number,
  at: string,
  total: number,
  tip = 0,
  status: TPayoutRecord['status'] = 'pending_settlement',
): TPayoutRecord => ({
  id,
  deliveryId: id,
  itemsName: 'Sofa',
  arrivalDate: at.slice(0, 10),
  basePrice: total - tip,
  processingFee: 0,
  tip,
  totalPayout: total,
  status,
  createdAt: new Date(at),
});

describe('earnings', () => {
  it('weeks start on Monday', () => {
    expect(weekOf(new Date('2026-11-23T10:00:00Z'))).toBe('2026-11-23'); // a Monday
    expect(weekOf(new Date('2026-11-29T23:59:00Z'))).toBe('2026-11-23'); // its Sunday
    expect(weekOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-11-30');
  });
  it('sums by week and month, newest first, with pending settlement', () => {
    const s = earningsSummary([
      rec(3, '2026-12-01T12:00:00Z', 5000, 500),
      rec(2, '2026-11-24T12:00:00Z', 2975),
      rec(1, '2026-11-23T12:00:00Z', 10856, 1000, 'settled'),
    ]);
    expect(s.totals).toEqual({ count: 3, total_payout: 188.31, tips: 15, pending_settlement: 79.75 });
    expect(s.weeks).toEqual([
      { period: '2026-11-30', count: 1, total_payout: 50, tips: 5 },
      { period: '2026-11-23', count: 2, total_payout: 138.31, tips: 10 },
    ]);
    expect(s.months.map((m) => [m.period, m.total_payout])).toEqual([
      ['2026-12', 50],
      ['2026-11', 138.31],
    ]);
  });
  it('answers zeros with no payouts', () => {
    expect(earningsSummary([])).toEqual({
      data: [],
      totals: { count: 0, total_payout: 0, tips: 0, pending_settlement: 0 },
      weeks: [],
      months: [],
    });
  });
});
