import type { TReview, TReviewInput } from '@haulpro/shared/review';
import type { TRole } from '@haulpro/shared/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reviewBase, reviewKeys } from './review-keys.ts';

/** The review form's fields: a 422 on these is shown under them rather than toasted. */
export const REVIEW_FIELDS = ['star', 'comment'] as const;

export type TReviewAction =
  | { kind: 'edit'; id: number; input: TReviewInput }
  | { kind: 'publish'; id: number }
  | { kind: 'reply'; id: number; comment: string }
  | { kind: 'create'; orderId: number; input: TReviewInput };

/** PUT reviews/{id}, POST reviews/{id}/publish, POST reviews/{id}/reply, POST reviews (order_id). */
export function reviewAction(role: TRole | null, a: TReviewAction): Promise<TReview> {
  const base = reviewBase(role);
  switch (a.kind) {
    case 'edit':
      return api.put<TReview>(`${base}/${a.id}`, a.input, { formFields: REVIEW_FIELDS });
    case 'publish':
      return api.post<TReview>(`${base}/${a.id}/publish`, {});
    case 'reply':
      return api.post<TReview>(`${base}/${a.id}/reply`, { comment: a.comment }, { formFields: ['comment'] });
    case 'create':
      return api.post<TReview>(base, { order_id: a.orderId, ...a.input }, { formFields: REVIEW_FIELDS });
  }
}

/** Every action refreshes the lists and summaries (also after a 409: the review changed elsewhere). */
export function useReviewAction(role: TRole | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: TReviewAction) => reviewAction(role, a),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
