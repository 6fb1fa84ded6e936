import type { TOrder } from '@haulpro/shared/order-wire';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readCached, writeCached } from '../lib/job-cache.ts';
import { moveDayKeys } from './move-day-keys.ts';

const cacheKey = (userId: number, orderId: number) => `${userId}.order.${orderId}`;

/**
 * GET orders/{id} (company): the job page's header (customer, address, phone), the branch whose
 * equipment a change may add, and how the order is paid.
 */
export async function getJobOrder(userId: number, orderId: number, signal?: AbortSignal): Promise<TOrder> {
  const order = await api.get<TOrder>(`orders/${orderId}`, { signal, errorToast: false });
  writeCached(cacheKey(userId, orderId), order);
  return order;
}

export function useJobOrder(userId: number, orderId: number) {
  return useQuery<TOrder>({
    queryKey: moveDayKeys.order(orderId),
    queryFn: ({ signal }) => getJobOrder(userId, orderId, signal),
    // The copy saved on the phone shows at once and stays when the network is away (the
    // query keeps it on error); a fresh answer replaces it.
    initialData: () => readCached<TOrder>(cacheKey(userId, orderId))?.value,
    // Older than any answer: the page still asks the server at once.
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}
