import { describe, expect, it } from 'vitest';
import { couponDiscount, priceAfterCoupon } from './coupon.ts';

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

describe('couponDiscount', () => {
  it.each([
    [37_500, 2_000, 2_000],
    [37_500, 37_500, 37_500],
    // Larger than the price: only the price comes off, never a refund.
    [37_500, 500_000, 37_500],
    [0, 2_500, 0],
    [-500, 2_500, 0],
    [37_500, 0, 0],
    [37_500, -100, 0],
  ])('%i cents with a coupon of %i takes off %i', (price, coupon, off) => {
    expect(couponDiscount(price, coupon)).toBe(off);
  });

  it('price minus discount is always what is left to pay', () => {
    for (const price of [0, 1, 999, 37_500])
      for (const coupon of [-1, 0, 1, 500, 37_500, 100_000])
        expect(price - couponDiscount(price, coupon)).toBe(priceAfterCoupon(price, coupon));
  });
});
