import { DEFAULT_CANCELLATION_POLICY } from '@haulpro/shared/cancellation';
import { describe, expect, it } from 'vitest';
import { applicableTier, cancellationTerms } from './cancellation-policy.ts';
import { wallTimeToInstant } from './wall-time.ts';

const P = DEFAULT_CANCELLATION_POLICY;
const H = 60;
const start = new Date('2027-03-10T16:00:00.000Z');
const before = (minutes: number) => new Date(start.getTime() - minutes * 60_000);
const terms = (minutes: number, chargedCents = 40_000, policy = P, feeApplies = true) =>
  cancellationTerms({ policy, windowStart: start, now: before(minutes), chargedCents, feeApplies });

describe('applicableTier (default policy)', () => {
  it.each([
    [72 * H, null],
    [48 * H + 1, null],
    [48 * H, null],
    [48 * H - 1, 25],
    [24 * H + 1, 25],
    [24 * H, 25],
    [24 * H - 1, 50],
    [1, 50],
    [0, 100],
    [-1, 100],
    [-600, 100],
  ])('%i minutes of notice -> %s %', (minutes, percent) => {
    expect(applicableTier(P, minutes)?.percent ?? null).toBe(percent);
  });

  it('empty policy: always free', () => {
    expect(applicableTier([], 0)).toBeNull();
    expect(applicableTier([], -100)).toBeNull();
  });

  it('the smallest applicable hours_before wins whatever the order', () => {
    const shuffled = [P[2]!, P[0]!, P[1]!];
    expect(applicableTier(shuffled, 10)?.percent).toBe(50);
    expect(applicableTier(shuffled, 30 * H)?.percent).toBe(25);
  });

  it('a custom policy without a 0-hour tier keeps its nearest tier after the start', () => {
    const custom = [
      { hours_before: 72, percent: 10 },
      { hours_before: 6, percent: 40 },
    ];
    expect(applicableTier(custom, 72 * H)).toBeNull();
    expect(applicableTier(custom, 72 * H - 1)?.percent).toBe(10);
    expect(applicableTier(custom, 6 * H)?.percent).toBe(10);
    expect(applicableTier(custom, 6 * H - 1)?.percent).toBe(40);
    expect(applicableTier(custom, -30)?.percent).toBe(40);
  });
});

describe('cancellationTerms', () => {
  it('a $400 card order at each boundary of the default policy', () => {
    expect(terms(48 * H)).toEqual({ feeCents: 0, refundCents: 40_000, tier: null });
    expect(terms(48 * H - 1)).toEqual({ feeCents: 10_000, refundCents: 30_000, tier: P[0] });
    expect(terms(24 * H)).toEqual({ feeCents: 10_000, refundCents: 30_000, tier: P[0] });
    expect(terms(24 * H - 1)).toEqual({ feeCents: 20_000, refundCents: 20_000, tier: P[1] });
    expect(terms(1)).toEqual({ feeCents: 20_000, refundCents: 20_000, tier: P[1] });
    expect(terms(0)).toEqual({ feeCents: 40_000, refundCents: 0, tier: P[2] });
    expect(terms(-90)).toEqual({ feeCents: 40_000, refundCents: 0, tier: P[2] });
  });

  it('counts whole minutes down: 47:59:30 is 47:59', () => {
    const now = new Date(start.getTime() - (48 * H - 1) * 60_000 - 30_000);
    expect(
      cancellationTerms({ policy: P, windowStart: start, now, chargedCents: 100, feeApplies: true }).tier,
    ).toEqual(P[0]);
    const early = new Date(start.getTime() - 48 * H * 60_000 - 1);
    expect(
      cancellationTerms({ policy: P, windowStart: start, now: early, chargedCents: 100, feeApplies: true })
        .tier,
    ).toBeNull();
  });

  it('rounds odd cents to the nearest cent, refund is the rest', () => {
    expect(terms(30 * H, 1001)).toEqual({ feeCents: 250, refundCents: 751, tier: P[0] }); // 250.25
    expect(terms(30 * H, 1002)).toEqual({ feeCents: 251, refundCents: 751, tier: P[0] }); // 250.5 -> 251
    expect(terms(10 * H, 333)).toEqual({ feeCents: 167, refundCents: 166, tier: P[1] }); // 166.5 -> 167
    expect(terms(10 * H, 1)).toEqual({ feeCents: 1, refundCents: 0, tier: P[1] });
    expect(terms(0, 12_345)).toEqual({ feeCents: 12_345, refundCents: 0, tier: P[2] });
  });

  it('0 % and 100 % tiers', () => {
    const zero = [{ hours_before: 12, percent: 0 }];
    expect(terms(1, 5000, zero)).toEqual({ feeCents: 0, refundCents: 5000, tier: zero[0] });
    const all = [{ hours_before: 720, percent: 100 }];
    expect(terms(719 * H, 5000, all)).toEqual({ feeCents: 5000, refundCents: 0, tier: all[0] });
    expect(terms(720 * H, 5000, all)).toEqual({ feeCents: 0, refundCents: 5000, tier: null });
  });

  it('an empty policy is always free', () => {
    expect(terms(-100, 5000, [])).toEqual({ feeCents: 0, refundCents: 5000, tier: null });
  });

  it('feeApplies false: full refund, no tier, even after the start', () => {
    expect(terms(-100, 40_000, P, false)).toEqual({ feeCents: 0, refundCents: 40_000, tier: null });
    expect(terms(10, 0, P, false)).toEqual({ feeCents: 0, refundCents: 0, tier: null });
  });

  it('nothing charged: nothing kept', () => {
    expect(terms(-100, 0)).toEqual({ feeCents: 0, refundCents: 0, tier: P[2] });
  });

  it('DST day in America/Los_Angeles: the window start is wall time, notice counts real minutes', () => {
    // 2027-03-14: clocks jump from 2:00 to 3:00. An 8 AM window is 15:00 UTC (PDT), not 16:00.
    const windowStart = wallTimeToInstant('2027-03-14', 8, 'America/Los_Angeles');
    expect(windowStart.toISOString()).toBe('2027-03-14T15:00:00.000Z');
    // 8 AM the day before (PST, 16:00 UTC) is only 23 real hours before: already within 24 h.
    const dayBefore = wallTimeToInstant('2027-03-13', 8, 'America/Los_Angeles');
    expect(dayBefore.toISOString()).toBe('2027-03-13T16:00:00.000Z');
    const t = cancellationTerms({
      policy: P,
      windowStart,
      now: dayBefore,
      chargedCents: 40_000,
      feeApplies: true,
    });
    expect(t.tier).toEqual(P[1]);
    // Exactly 48 real hours before is free; a minute later is 25 %.
    const at48 = new Date(windowStart.getTime() - 48 * 3_600_000);
    expect(
      cancellationTerms({ policy: P, windowStart, now: at48, chargedCents: 400, feeApplies: true }).tier,
    ).toBeNull();
    const at4759 = new Date(at48.getTime() + 60_000);
    expect(
      cancellationTerms({ policy: P, windowStart, now: at4759, chargedCents: 400, feeApplies: true })
        .feeCents,
    ).toBe(100);
    // Autumn back (2027-11-07, 1:00 repeats): an 8 AM window is 16:00 UTC (PST).
    expect(wallTimeToInstant('2027-11-07', 8, 'America/Los_Angeles').toISOString()).toBe(
      '2027-11-07T16:00:00.000Z',
    );
  });
});
