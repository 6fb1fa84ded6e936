import type { TReview, TReviewInput } from '@haulpro/shared/review';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSeeReviews } from '../../../components/reviews/see-reviews-modal.tsx';
import { api } from '../../../lib/api-client.ts';
import { CUSTOMER_DELIVERIES, customerDeliveryKeys } from './customer-delivery-keys.ts';

/** GET customer/deliveries/{id}/reviews: the published reviews of the delivery's helper. */
export function useDeliveryHelperReviews(id: number | null) {
  return useQuery({
    queryKey: [...customerDeliveryKeys.all, 'reviews', id ?? 0],
    queryFn: async ({ signal }): Promise<TSeeReviews> => {
      const page = await api.page<TReview, { average: number; count: number }>(
        `${CUSTOMER_DELIVERIES}/${id}/reviews`,
        { signal },
      );
      return { reviews: page.data, average: page.meta.average, count: page.meta.count };
    },
    enabled: id !== null,
  });
}

/** POST customer/reviews { delivery_id, star, comment }: the customer reviews the helper (starts unpublished). */
export function useReviewHelper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TReviewInput }) =>
      api.post<TReview>(
        'customer/reviews',
        { delivery_id: id, ...input },
        { formFields: ['star', 'comment'] },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerDeliveryKeys.all }),
  });
}
