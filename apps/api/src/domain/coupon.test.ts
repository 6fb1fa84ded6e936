import { ORDER_STATUS, ORDER_STATUSES, type TOrderStatus } from '@haulpro/shared/order';
import { describe, expect, it } from 'vitest';
import { couponComesBack, couponDiscount, priceAfterCoupon } from './coupon.ts';

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

describe('couponComesBack', () => {
  const S = ORDER_STATUS;
  const served: TOrderStatus[] = [
    S.waitingForPayment,
    S.new,
    S.accepted,
    S.beingRescheduled,
    S.beingCompleted,
  ];
  it.each(ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const)))(
    'from %i to %i',
    (from, to) => {
      const back = served.includes(from) && (to === S.cancelled || to === S.rejected);
      expect(couponComesBack(from, to)).toBe(back);
    },
  );

  it('comes back on a cancel by either side, a reject and an expiry; never on completion', () => {
    expect(couponComesBack(S.accepted, S.cancelled)).toBe(true);
    expect(couponComesBack(S.new, S.cancelled)).toBe(true);
    expect(couponComesBack(S.new, S.rejected)).toBe(true);
    expect(couponComesBack(S.beingRescheduled, S.cancelled)).toBe(true);
    expect(couponComesBack(S.beingCompleted, S.completed)).toBe(false);
    expect(couponComesBack(S.cancelled, S.cancelled)).toBe(false);
    expect(couponComesBack(S.completed, S.cancelled)).toBe(false);
  });
});
