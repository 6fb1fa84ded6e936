import { couponDiscount } from '@haulpro/shared/coupon';

/**
 * What a coupon leaves to pay, in dollars as the wire carries them: worked in cents so that
 * 100.30 − 20.10 is 80.20, and by the server's own rule (never below zero, decision 022).
 */
export function totalAfterCoupon(
  totalDollars: number,
  couponDollars: number,
): { discount: number; total: number } {
  const total = Math.round(totalDollars * 100);
  const discount = couponDiscount(total, Math.round(couponDollars * 100));
  return { discount: discount / 100, total: (total - discount) / 100 };
}
