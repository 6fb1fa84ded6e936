import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_MSG,
  DEFAULT_CANCELLATION_POLICY,
  describePolicy,
  describeTier,
  ZCancellationPolicyInput,
} from './cancellation.ts';

const errors = (body: unknown) => {
  const r = ZCancellationPolicyInput.safeParse(body);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('cancellation policy input', () => {
  it('accepts the default, an empty policy and six tiers', () => {
    expect(errors({ tiers: DEFAULT_CANCELLATION_POLICY })).toEqual({});
    expect(errors({ tiers: [] })).toEqual({});
    const six = [0, 1, 2, 3, 4, 5].map((i) => ({ hours_before: 720 - i * 100, percent: i * 20 }));
    expect(errors({ tiers: six })).toEqual({});
  });

  it('refuses a seventh tier, a missing list and unknown fields', () => {
    const seven = [0, 1, 2, 3, 4, 5, 6].map((i) => ({ hours_before: 700 - i * 100, percent: i * 10 }));
    expect(errors({ tiers: seven })).toEqual({ tiers: CANCELLATION_MSG.tooManyTiers });
    expect(errors({})).toEqual({ tiers: CANCELLATION_MSG.tiersRequired });
    expect(Object.keys(errors({ tiers: [], extra: 1 }))).toHaveLength(1);
    expect(Object.keys(errors({ tiers: [{ hours_before: 1, percent: 1, x: 1 }] }))).toHaveLength(1);
  });

  it('bounds hours_before to whole numbers from 0 to 720', () => {
    expect(errors({ tiers: [{ hours_before: 720, percent: 5 }] })).toEqual({});
    expect(errors({ tiers: [{ hours_before: 721, percent: 5 }] })).toEqual({
      'tiers.0.hours_before': CANCELLATION_MSG.hours,
    });
    expect(errors({ tiers: [{ hours_before: -1, percent: 5 }] })).toEqual({
      'tiers.0.hours_before': CANCELLATION_MSG.hours,
    });
    expect(errors({ tiers: [{ hours_before: 1.5, percent: 5 }] })).toEqual({
      'tiers.0.hours_before': CANCELLATION_MSG.hours,
    });
    expect(errors({ tiers: [{ hours_before: '12', percent: 5 }] })).toEqual({
      'tiers.0.hours_before': CANCELLATION_MSG.hours,
    });
  });

  it('bounds percent to whole numbers from 0 to 100', () => {
    expect(errors({ tiers: [{ hours_before: 1, percent: 0 }] })).toEqual({});
    expect(errors({ tiers: [{ hours_before: 1, percent: 100 }] })).toEqual({});
    for (const percent of [101, -1, 2.5, null]) {
      expect(errors({ tiers: [{ hours_before: 1, percent }] })).toEqual({
        'tiers.0.percent': CANCELLATION_MSG.percent,
      });
    }
  });

  it('refuses two tiers with the same hours', () => {
    expect(
      errors({
        tiers: [
          { hours_before: 24, percent: 10 },
          { hours_before: 24, percent: 20 },
        ],
      }),
    ).toEqual({ 'tiers.1.hours_before': CANCELLATION_MSG.duplicateHours });
  });

  it('refuses a nearer tier keeping less than a farther one, in any order', () => {
    expect(
      errors({
        tiers: [
          { hours_before: 48, percent: 50 },
          { hours_before: 24, percent: 25 },
        ],
      }),
    ).toEqual({ 'tiers.1.percent': CANCELLATION_MSG.nearerKeepsLess });
    expect(
      errors({
        tiers: [
          { hours_before: 0, percent: 10 },
          { hours_before: 48, percent: 50 },
        ],
      }),
    ).toEqual({ 'tiers.0.percent': CANCELLATION_MSG.nearerKeepsLess });
    // Equal is allowed.
    expect(
      errors({
        tiers: [
          { hours_before: 48, percent: 50 },
          { hours_before: 24, percent: 50 },
        ],
      }),
    ).toEqual({});
  });
});

describe('the policy in words', () => {
  it('says each tier', () => {
    expect(describeTier({ hours_before: 48, percent: 25 })).toBe('25 % within 48 hours');
    expect(describeTier({ hours_before: 1, percent: 50 })).toBe('50 % within 1 hour');
    expect(describeTier({ hours_before: 0, percent: 100 })).toBe('100 % once the arrival window has started');
  });

  it('says the default policy', () => {
    expect(describePolicy(DEFAULT_CANCELLATION_POLICY)).toEqual([
      'Free until 48 hours before the arrival window',
      '25 % within 48 hours',
      '50 % within 24 hours',
      '100 % once the arrival window has started',
    ]);
  });

  it('says an empty or all-free policy, and one charging only after the start', () => {
    expect(describePolicy([])).toEqual(['Free to cancel at any time']);
    expect(describePolicy([{ hours_before: 24, percent: 0 }])).toEqual(['Free to cancel at any time']);
    expect(describePolicy([{ hours_before: 0, percent: 30 }])).toEqual([
      'Free until the arrival window starts',
      '30 % once the arrival window has started',
    ]);
  });

  it('sorts unsorted tiers from farthest to nearest', () => {
    expect(
      describePolicy([
        { hours_before: 0, percent: 100 },
        { hours_before: 72, percent: 10 },
      ]),
    ).toEqual([
      'Free until 72 hours before the arrival window',
      '10 % within 72 hours',
      '100 % once the arrival window has started',
    ]);
  });
});
