import type { TOrderCounts } from '@haulpro/shared/order-wire';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** GET orders/counts: order counts by status group and revenue, for a branch (or the company) and a date range. */
export function getOrderCounts(
  branchId: number | null,
  arrivalDateIn?: string,
  signal?: AbortSignal,
): Promise<TOrderCounts> {
  return api.get<TOrderCounts>('orders/counts', {
    signal,
    query: { branch_id: branchId, arrival_date_in: arrivalDateIn },
  });
}

export function useOrderCounts(branchId: number | null, arrivalDateIn?: string) {
  return useQuery({
    queryKey: orderKeys.counts(branchId, arrivalDateIn),
    queryFn: ({ signal }) => getOrderCounts(branchId, arrivalDateIn, signal),
  });
}
