import type { TDiscount } from '@haulpro/shared/pricing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pricingKeys } from '../../../lib/api/pricing-keys.ts';
import { api } from '../../../lib/api-client.ts';

/** GET branches/{id}/discounts?from=&to=: offers by date (both bounds inclusive, optional). */
export function listDiscounts(branchId: number, from: string, to: string | null): Promise<TDiscount[]> {
  return api.get<TDiscount[]>(`branches/${branchId}/discounts`, { query: { from, to } });
}

/** Offers between two dates; without `to`, every offer from `from` on. */
export function useDiscounts(branchId: number, from: string, to: string | null) {
  return useQuery({
    queryKey: pricingKeys.discountRange(branchId, from, to),
    queryFn: () => listDiscounts(branchId, from, to),
    placeholderData: keepPreviousData,
  });
}
