import type {
  TInviter,
  TReviewInvitation,
  TReviewInvite,
  TReviewInviteResult,
} from '@haulpro/shared/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

/** GET reviews/inviters: each location with its completed orders and invited_reviews_count. */
export function useInviters(enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.inviters,
    queryFn: ({ signal }) => api.get<TInviter[]>('reviews/inviters', { signal }),
    enabled,
  });
}

/** GET reviews/invitations?branch_id&status: a location's invited people, Pending or Available. */
export function useInvitations(branchId: number | null, status: 'pending' | 'available') {
  return useQuery({
    queryKey: reviewKeys.invitations(branchId ?? 0, status),
    queryFn: ({ signal }) =>
      api.get<TReviewInvitation[]>('reviews/invitations', {
        signal,
        query: { branch_id: branchId ?? 0, status },
      }),
    enabled: branchId !== null,
  });
}

/** POST reviews/invite: e-mails, or the customers of some or all orders. */
export function useSendInvites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReviewInvite) =>
      api.post<TReviewInviteResult>('reviews/invite', body, { formFields: ['emails', 'orders'] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}

/** DELETE reviews/invitations/{id}. */
export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`reviews/invitations/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
