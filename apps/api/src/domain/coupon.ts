import { ORDER_STATUS, type TOrderStatus } from '@haulpro/shared/order';

/** The coupon's arithmetic is shared with the web's preview (packages/shared/src/coupon.ts). */
export { couponDiscount, priceAfterCoupon } from '@haulpro/shared/coupon';

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
