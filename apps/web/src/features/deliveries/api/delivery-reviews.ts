import type { TReview, TReviewInput } from '@haulpro/shared/review';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSeeReviews } from '../../../components/reviews/see-reviews-modal.tsx';
import { api } from '../../../lib/api-client.ts';
import { deliveryKeys } from './delivery-keys.ts';

/** GET deliveries/{id}/reviews: the published reviews the delivery's customer received. */
export function useDeliveryCustomerReviews(id: number | null) {
  return useQuery({
    queryKey: [...deliveryKeys.all, 'reviews', id ?? 0],
    queryFn: async ({ signal }): Promise<TSeeReviews> => {
      const page = await api.page<TReview, { average: number; count: number }>(`deliveries/${id}/reviews`, {
        signal,
      });
      return { reviews: page.data, average: page.meta.average, count: page.meta.count };
    },
    enabled: id !== null,
  });
}

/** POST reviews { delivery_id, star, comment }: the acceptor reviews the customer (starts unpublished). */
export function useReviewDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TReviewInput }) =>
      api.post<TReview>('reviews', { delivery_id: id, ...input }, { formFields: ['star', 'comment'] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
