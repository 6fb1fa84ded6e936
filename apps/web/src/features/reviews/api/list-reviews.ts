import type { TReviewList } from '@haulpro/shared/review-page';
import type { TRole } from '@haulpro/shared/user';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reviewBase, reviewKeys, type TReviewListArgs } from './review-keys.ts';

/** GET reviews?type&tab (customer/reviews for customers): a page of reviews and the summary of both tabs. */
export async function listReviews(
  role: TRole | null,
  a: TReviewListArgs,
  signal?: AbortSignal,
): Promise<TReviewList> {
  return api.whole<TReviewList>(reviewBase(role), {
    signal,
    query: {
      type: a.type,
      tab: a.tab,
      page: a.page,
      paginate: a.perPage,
      branch_id: a.branchId ?? undefined,
    },
  });
}

export function useReviews(role: TRole | null, a: TReviewListArgs, enabled = true) {
  return useQuery({
    enabled,
    queryKey: reviewKeys.list(role, a),
    queryFn: ({ signal }) => listReviews(role, a, signal),
    placeholderData: keepPreviousData,
  });
}
