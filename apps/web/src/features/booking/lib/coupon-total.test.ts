import { describe, expect, it } from 'vitest';
import { totalAfterCoupon } from './coupon-total.ts';

describe('totalAfterCoupon: the coupon comes off once, never below zero, in cents', () => {
  it('takes the whole coupon off a larger total', () => {
    expect(totalAfterCoupon(450, 25)).toEqual({ discount: 25, total: 425 });
  });
  it('a coupon above the total brings it to zero and takes off only the total', () => {
    expect(totalAfterCoupon(10.5, 25)).toEqual({ discount: 10.5, total: 0 });
  });
  it('exact to the cent where dollars in floating point are not', () => {
    expect(totalAfterCoupon(100.3, 20.1)).toEqual({ discount: 20.1, total: 80.2 });
  });
  it('a coupon equal to the total leaves nothing to pay', () => {
    expect(totalAfterCoupon(20, 20)).toEqual({ discount: 20, total: 0 });
  });
});
