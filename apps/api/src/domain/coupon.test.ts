import { describe, expect, it } from 'vitest';
import { priceAfterCoupon } from './coupon.ts';

describe('priceAfterCoupon', () => {
  it.each([
    [37_500, 2_000, 35_500],
    [37_500, 37_500, 0],
    [37_500, 500_000, 0],
    [0, 2_500, 0],
    [37_500, 0, 37_500],
    [37_500, -100, 37_500],
  ])('%i cents with a coupon of %i -> %i', (price, coupon, left) => {
    expect(priceAfterCoupon(price, coupon)).toBe(left);
  });
});
