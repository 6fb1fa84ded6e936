import type { TJobView } from '@haulpro/shared/move-day';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readCached, writeCached } from '../lib/job-cache.ts';
import { moveDayKeys } from './move-day-keys.ts';

const cacheKey = (userId: number, orderId: number) => `${userId}.job.${orderId}`;

/** GET orders/{id}/job: the job's state, events, clock, bill, changes and photos (staff). */
export async function getJob(userId: number, orderId: number, signal?: AbortSignal): Promise<TJobView> {
  const job = await api.get<TJobView>(`orders/${orderId}/job`, { signal, errorToast: false });
  writeCached(cacheKey(userId, orderId), job);
  return job;
}

export function useJob(userId: number, orderId: number) {
  return useQuery<TJobView>({
    queryKey: moveDayKeys.job(orderId),
    queryFn: ({ signal }) => getJob(userId, orderId, signal),
    // The copy saved on the phone shows at once and stays when the network is away (the
    // query keeps it on error); a fresh answer replaces it.
    initialData: () => readCached<TJobView>(cacheKey(userId, orderId))?.value,
    // Older than any answer: the page still asks the server at once.
    initialDataUpdatedAt: 0,
    // The customer's approval from their own dashboard, a second crew phone: seen within the poll.
    refetchInterval: 15_000,
  });
}

/** Every answer of a job call is the job: it replaces the cached one (and the offline copy). */
export function storeJob(queryClient: QueryClient, userId: number, job: TJobView): void {
  queryClient.setQueryData(moveDayKeys.job(job.order_id), job);
  writeCached(cacheKey(userId, job.order_id), job);
}
