import type { TReview } from '@haulpro/shared/review';
import type { TInvitedReviewInput, TPublicReviewInvitation } from '@haulpro/shared/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, PUBLIC_BASE } from '../../../lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

const path = (token: string) => `review-invitations/${encodeURIComponent(token)}`;

/** GET public/review-invitations/{token}: the company the e-mailed link asks to review. */
export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: reviewKeys.publicInvitation(token),
    queryFn: ({ signal }) =>
      api.get<TPublicReviewInvitation>(path(token), { signal, base: PUBLIC_BASE, errorToast: false }),
    enabled: token !== '',
    retry: false,
  });
}

/** POST public/review-invitations/{token}/reviews: the invited person's review (no account). */
export function useSubmitInvitedReview(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInvitedReviewInput) =>
      api.post<TReview>(`${path(token)}/reviews`, input, {
        base: PUBLIC_BASE,
        formFields: ['name', 'star', 'comment'],
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.publicInvitation(token) }),
  });
}
