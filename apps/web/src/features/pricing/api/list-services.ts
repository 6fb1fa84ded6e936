import type { TServicePrice } from '@haulpro/shared/pricing';
import { useQuery } from '@tanstack/react-query';
import { pricingKeys } from '../../../lib/api/pricing-keys.ts';
import { api } from '../../../lib/api-client.ts';

export type TServiceLists = { helpers_only: TServicePrice[]; helpers_and_trucks: TServicePrice[] };

/** GET branches/{id}/services: the branch's service prices by type. */
export function listServices(branchId: number): Promise<TServiceLists> {
  return api.get<TServiceLists>(`branches/${branchId}/services`);
}

export function useServices(branchId: number) {
  return useQuery({ queryKey: pricingKeys.services(branchId), queryFn: () => listServices(branchId) });
}
