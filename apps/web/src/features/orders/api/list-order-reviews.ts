import type { TOrderParty } from '@haulpro/shared/order-wire';
import type { TReview } from '@haulpro/shared/review';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderBase, orderKeys } from './order-keys.ts';

/** The star average (one decimal) and how many published reviews it is made of. */
export type TReviewSummary = { average: number; count: number };
export type TOrderReviews = { reviews: TReview[]; summary: TReviewSummary };

/**
 * GET orders/{id}/reviews (staff: the published reviews the order's customer received) or
 * customer/orders/{id}/reviews (customer: the published reviews of the order's branch).
 */
export async function listOrderReviews(
  party: TOrderParty,
  id: number,
  signal?: AbortSignal,
): Promise<TOrderReviews> {
  const page = await api.page<TReview, TReviewSummary>(`${orderBase(party)}/${id}/reviews`, { signal });
  return {
    reviews: page.data,
    summary: { average: page.meta?.average ?? 0, count: page.meta?.count ?? page.data.length },
  };
}

export function useOrderReviews(party: TOrderParty, id: number | null) {
  return useQuery({
    queryKey: orderKeys.reviews(party, id ?? 0),
    queryFn: ({ signal }) => listOrderReviews(party, id ?? 0, signal),
    enabled: id !== null,
  });
}
