import { COUPON_CODE_PATTERN } from '@haulpro/shared/referral';
import { describe, expect, it } from 'vitest';
import { newCouponCode } from './coupon-code.ts';

describe('newCouponCode', () => {
  it('draws 10 capital letters, every letter, and no repeats in a thousand', () => {
    const codes = Array.from({ length: 1000 }, newCouponCode);
    for (const c of codes) expect(c).toMatch(COUPON_CODE_PATTERN);
    expect(new Set(codes).size).toBe(codes.length);
    const letters = new Set(codes.join(''));
    expect(letters.size).toBe(26);
  });
});
