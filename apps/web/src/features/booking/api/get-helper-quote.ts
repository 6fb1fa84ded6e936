import type { THelperListItem } from '@haulpro/shared/booking';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, PUBLIC_BASE } from '../../../lib/api-client.ts';
import { bookingKeys } from './booking-keys.ts';

/**
 * GET public/helpers/{branch_id}: one branch's live quote for the wizard's job. A 404 (the
 * branch is gone) or a 422 (not available that date or window) is shown in the summary.
 */
export function getHelperQuote(
  branchId: number,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<THelperListItem> {
  return api.get<THelperListItem>(`helpers/${branchId}`, {
    base: PUBLIC_BASE,
    query,
    signal,
    errorToast: false,
    successToast: false,
  });
}

export function useHelperQuote(branchId: number, query: Record<string, string> | null) {
  return useQuery({
    queryKey: bookingKeys.quote(branchId, query ?? {}),
    queryFn: ({ signal }) => getHelperQuote(branchId, query ?? {}, signal),
    enabled: query !== null && Number.isInteger(branchId) && branchId > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
