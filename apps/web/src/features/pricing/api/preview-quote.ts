import type { TQuoteView } from '@haulpro/shared/pricing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pricingKeys } from '../../../lib/api/pricing-keys.ts';
import { api } from '../../../lib/api-client.ts';

/** The body of ZQuoteRequest, as the preview panel sends it. */
export type TQuoteRequest = {
  service_id: number;
  hours: number;
  bedrooms: number;
  from_zip: string;
  to_zip: string;
  date: string;
  payment_method: 'cash' | 'electronic';
  equipment: string[];
};

/**
 * POST branches/{id}/quote: what a customer would pay with the branch's current settings,
 * itemised in dollars. Errors (an unknown ZIP) are shown in the panel, not toasted.
 */
export function previewQuote(
  branchId: number,
  request: TQuoteRequest,
  signal?: AbortSignal,
): Promise<TQuoteView> {
  return api.post<TQuoteView>(`branches/${branchId}/quote`, request, { errorToast: false, signal });
}

/** Asked again whenever the request or any of the branch's pricing changes. */
export function useQuotePreview(branchId: number, request: TQuoteRequest | null) {
  return useQuery({
    queryKey: pricingKeys.quote(branchId, request),
    queryFn: ({ signal }) => previewQuote(branchId, request as TQuoteRequest, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
