import { describe, expect, it } from 'vitest';
import { roundTip, TIP_TOO_HIGH, tipError, tipOfPercent } from './tip.ts';

describe('tipOfPercent', () => {
  it('takes the percent of the price, rounded to the cent', () => {
    expect(tipOfPercent(125, 10)).toBe(12.5);
    expect(tipOfPercent(125, 15)).toBe(18.75);
    expect(tipOfPercent(99.99, 15)).toBe(15);
    expect(tipOfPercent(33.33, 20)).toBe(6.67);
    // 0.1 + 0.2 style float noise never leaks: 15 % of $19.99 is $2.9985 -> $3.00.
    expect(tipOfPercent(19.99, 15)).toBe(3);
    expect(tipOfPercent(0.05, 10)).toBe(0.01);
  });

  it('is 0 for no price or no percent and never more than the price', () => {
    expect(tipOfPercent(0, 20)).toBe(0);
    expect(tipOfPercent(80, 0)).toBe(0);
    expect(tipOfPercent(80, 150)).toBe(80);
    expect(tipOfPercent(-5, 10)).toBe(0);
  });
});

describe('tipError and roundTip', () => {
  it('accepts 0 up to the price, to the cent', () => {
    expect(tipError(0, 100)).toBeNull();
    expect(tipError(100, 100)).toBeNull();
    expect(tipError(100.004, 100)).toBeNull();
    expect(roundTip(12.345)).toBe(12.35);
    expect(roundTip(12.344)).toBe(12.34);
  });

  it('refuses more than the price, negatives and non-numbers', () => {
    expect(tipError(100.01, 100)).toBe(TIP_TOO_HIGH);
    expect(TIP_TOO_HIGH).toBe('Tip can be at most the price of the job.');
    expect(tipError(-1, 100)).toBe('Tip cannot be negative.');
    expect(tipError(Number.NaN, 100)).toBe('Enter the tip as an amount in dollars.');
  });
});
