import type { TOrderParty } from '@haulpro/shared/order-wire';
import type { TReview, TReviewInput } from '@haulpro/shared/review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderBase, orderKeys } from './order-keys.ts';

/** The review form's fields: a 422 on these is shown under them rather than toasted. */
export const REVIEW_FIELDS = ['star', 'comment'] as const;

/** POST orders/{id}/reviews (staff rates the customer) or customer/orders/{id}/reviews (customer rates the mover). */
export function createOrderReview(party: TOrderParty, id: number, input: TReviewInput): Promise<TReview> {
  return api.post<TReview>(`${orderBase(party)}/${id}/reviews`, input, { formFields: REVIEW_FIELDS });
}

export function useCreateOrderReview(party: TOrderParty) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TReviewInput }) => createOrderReview(party, id, input),
    // Success turns the order's review flag off; a 409 means it already was: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
