/** What is left to pay after a coupon (cents): the coupon comes off once, never below zero (decision 022). */
export function priceAfterCoupon(priceCents: number, couponCents: number): number {
  return Math.max(0, priceCents - Math.max(0, couponCents));
}
