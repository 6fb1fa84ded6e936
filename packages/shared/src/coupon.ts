/*
 * The coupon's arithmetic (decision 022), zod-free: the server prices a booking and a rescheduled
 * order with it, and the booking's last step previews the same total before paying.
 */

/**
 * What a coupon takes off a price (cents): its value once, never more than the price and never
 * negative, so nothing is ever paid back to the customer by a coupon (decision 022). Booking and
 * a rescheduled price both come through here.
 */
export function couponDiscount(priceCents: number, couponCents: number): number {
  return Math.min(Math.max(0, couponCents), Math.max(0, priceCents));
}

/** What is left to pay after a coupon (cents): the coupon comes off once, never below zero (decision 022). */
export function priceAfterCoupon(priceCents: number, couponCents: number): number {
  return Math.max(0, priceCents) - couponDiscount(priceCents, couponCents);
}
