import type { TOrder, TOrderParty } from '@haulpro/shared/order-wire';
import type { TReview } from '@haulpro/shared/review';

/** Who a side reviews and whose reviews its card opens: staff the customer, customers the branch. */
export function reviewSubject(order: TOrder, party: TOrderParty): string {
  return party === 'company' ? order.name : order.branch_name;
}

/** The server's flag for writing a review on this order (the UI never guesses). */
export function canReview(order: TOrder, party: TOrderParty): boolean {
  return party === 'company' ? order.helperCanReview : order.customerCanReview;
}

/** The reviews written on this order that the viewer may see. */
export function orderReviews(order: TOrder): TReview[] {
  return order.reviews ?? [];
}
