import { ORDER_STATUS, type TOrderStatus } from '@haulpro/shared/order';

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

const UNSERVED_END: readonly TOrderStatus[] = [ORDER_STATUS.rejected, ORDER_STATUS.cancelled];
const FINISHED: readonly TOrderStatus[] = [
  ORDER_STATUS.rejected,
  ORDER_STATUS.cancelled,
  ORDER_STATUS.completed,
];

/**
 * Does an order's coupon come back with this step (decision 026)? When the order ends without
 * being served (cancelled by either side, rejected by the company, expired by the deadline job):
 * yes, once, on the step that ends it. A completed order spent its coupon; a finished order
 * never moves again, so nothing comes back twice.
 */
export function couponComesBack(from: TOrderStatus, to: TOrderStatus): boolean {
  return !FINISHED.includes(from) && UNSERVED_END.includes(to);
}
