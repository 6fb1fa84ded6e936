import { describe, expect, it } from 'vitest';
import {
  booksDifference,
  ledgerPeriods,
  ledgerSums,
  netOf,
  platformFeeOf,
  retryDelayMs,
  splitTip,
  type TPayoutStatusRow,
  weekOf,
} from './payout-ledger.ts';

describe('what a job earns its provider', () => {
  it('is the price less the platform fee, plus the tip and any cancellation fee kept', () => {
    expect(netOf({ gross: 40_000, platformFee: 4_000, tip: 6_000, cancellationFee: 0 })).toBe(42_000);
    expect(netOf({ gross: 0, platformFee: 0, tip: 0, cancellationFee: 10_000 })).toBe(10_000);
    expect(netOf({ gross: 8_500, platformFee: 1_275, tip: 1_000, cancellationFee: 0 })).toBe(8_225);
  });

  it('takes the platform fee in basis points, rounded half up to the cent', () => {
    expect(platformFeeOf(40_000, 1_000)).toBe(4_000);
    expect(platformFeeOf(12_345, 1_000)).toBe(1_235); // 1,234.5 → 1,235
    expect(platformFeeOf(12_344, 1_000)).toBe(1_234);
    expect(platformFeeOf(99, 1_000)).toBe(10);
    expect(platformFeeOf(0, 1_000)).toBe(0);
    expect(platformFeeOf(40_000, 0)).toBe(0);
    expect(platformFeeOf(1, 5_000)).toBe(1);
  });
});

describe('a tip split across the crew', () => {
  it('gives every member the same, the odd cents to the first members by id', () => {
    expect(splitTip(6_000, [3, 1, 2])).toEqual([
      { crewId: 1, amount: 2_000 },
      { crewId: 2, amount: 2_000 },
      { crewId: 3, amount: 2_000 },
    ]);
    expect(splitTip(1_000, [7, 5, 9])).toEqual([
      { crewId: 5, amount: 334 },
      { crewId: 7, amount: 333 },
      { crewId: 9, amount: 333 },
    ]);
    expect(splitTip(2, [1, 2, 3])).toEqual([
      { crewId: 1, amount: 1 },
      { crewId: 2, amount: 1 },
      { crewId: 3, amount: 0 },
    ]);
  });

  it('always adds up to the tip, whatever the crew', () => {
    for (const tip of [1, 99, 100, 1_001, 12_345])
      for (const crew of [[1], [1, 2], [4, 2, 9], [1, 2, 3, 4, 5, 6, 7]])
        expect(splitTip(tip, crew).reduce((n, s) => n + s.amount, 0)).toBe(tip);
  });

  it('has no shares without a tip or without a crew, and counts a member once', () => {
    expect(splitTip(0, [1, 2])).toEqual([]);
    expect(splitTip(500, [])).toEqual([]);
    expect(splitTip(500, [2, 2])).toEqual([{ crewId: 2, amount: 500 }]);
  });
});

describe('transfers Stripe could not take', () => {
  it('are retried after 1 min, 5 min, 30 min, then every 2 hours', () => {
    expect([1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 7_200_000]);
  });
});

const row = (p: Partial<TPayoutStatusRow>): TPayoutStatusRow => ({
  status: 'transferred',
  paymentMethod: 'electronic',
  gross: 10_000,
  platformFee: 1_000,
  tip: 0,
  cancellationFee: 0,
  net: 9_000,
  reversed: 0,
  createdAt: new Date('2026-11-25T12:00:00Z'),
  ...p,
});

describe('the ledger sums', () => {
  it('count paid out, pending (card, not paid out) and the fee owed on cash jobs apart', () => {
    const s = ledgerSums([
      row({ status: 'paid_out' }),
      row({ status: 'transferred', tip: 500, net: 9_500 }),
      row({ status: 'waiting_for_account' }),
      row({ status: 'pending' }),
      row({ status: 'cash', paymentMethod: 'cash' }),
      row({ status: 'paid_out', gross: 0, platformFee: 0, cancellationFee: 2_500, net: 2_500 }),
    ]);
    expect(s).toEqual({
      count: 6,
      gross: 50_000,
      platformFee: 5_000,
      tips: 500,
      cancellationFees: 2_500,
      net: 9_000 + 9_500 + 9_000 + 9_000 + 9_000 + 2_500,
      paidOut: 11_500,
      pending: 27_500,
      platformFeeOwed: 1_000,
    });
  });

  it('take reversals off what the provider earned', () => {
    const s = ledgerSums([
      row({ status: 'reversed', reversed: 9_000 }),
      row({ status: 'paid_out', reversed: 1_000 }),
    ]);
    expect(s.net).toBe(8_000);
    expect(s.paidOut).toBe(8_000);
    expect(s.pending).toBe(0);
  });

  it('are zero for no rows', () => {
    expect(ledgerSums([]).count).toBe(0);
    expect(ledgerSums([]).net).toBe(0);
  });
});

describe('the ledger by period', () => {
  it('starts weeks on Monday (UTC), Sunday belonging to the week before', () => {
    expect(weekOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23'); // Monday
    expect(weekOf(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23'); // Sunday
    expect(weekOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(weekOf(new Date('2027-01-01T10:00:00Z'))).toBe('2026-12-28'); // across the year
  });

  it('groups by week or month, newest first, with each period summed like the totals', () => {
    const rows = [
      row({ createdAt: new Date('2026-10-30T10:00:00Z') }),
      row({ createdAt: new Date('2026-11-02T10:00:00Z'), status: 'paid_out' }),
      row({ createdAt: new Date('2026-11-25T10:00:00Z'), tip: 1_000, net: 10_000 }),
    ];
    expect(ledgerPeriods(rows, 'week').map((p) => [p.period, p.count, p.net])).toEqual([
      ['2026-11-23', 1, 10_000],
      ['2026-11-02', 1, 9_000],
      ['2026-10-26', 1, 9_000],
    ]);
    expect(ledgerPeriods(rows, 'month').map((p) => [p.period, p.count, p.net, p.paidOut])).toEqual([
      ['2026-11', 2, 19_000, 9_000],
      ['2026-10', 1, 9_000, 0],
    ]);
    expect(ledgerPeriods([], 'month')).toEqual([]);
  });
});

describe('the books of a job', () => {
  it('balance when charges = transfers + refunds + platform fee + what is owed', () => {
    // A card move with a tip: $400 + $60 in, $420 out to the company, $40 fee.
    expect(
      booksDifference({ charges: 46_000, transfers: 42_000, refunds: 0, platformFee: 4_000, owed: 0 }),
    ).toBe(0);
    // A late cancellation: $400 in, $300 back, $100 to the company.
    expect(
      booksDifference({ charges: 40_000, transfers: 10_000, refunds: 30_000, platformFee: 0, owed: 0 }),
    ).toBe(0);
    // Waiting for the company's payout account: owed, not a discrepancy.
    expect(
      booksDifference({ charges: 40_000, transfers: 0, refunds: 0, platformFee: 4_000, owed: 36_000 }),
    ).toBe(0);
  });

  it('say by how much they do not', () => {
    expect(booksDifference({ charges: 40_000, transfers: 36_000, refunds: 0, platformFee: 0, owed: 0 })).toBe(
      4_000,
    );
    expect(booksDifference({ charges: 0, transfers: 1_000, refunds: 0, platformFee: 0, owed: 0 })).toBe(
      -1_000,
    );
  });
});
