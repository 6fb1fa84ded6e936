import type { TBranchPricing } from '@haulpro/shared/pricing';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { pricingKeys } from './pricing-keys.ts';

/** GET branches/{id}/pricing: service fee, surge, double driving, travel area and equipment. */
export function getBranchPricing(branchId: number): Promise<TBranchPricing> {
  return api.get<TBranchPricing>(`branches/${branchId}/pricing`);
}

/** `enabled: false` waits (the job page knows its branch only once the order has loaded). */
export function useBranchPricing(branchId: number, enabled = true) {
  return useQuery({
    queryKey: pricingKeys.settings(branchId),
    queryFn: () => getBranchPricing(branchId),
    enabled,
  });
}
