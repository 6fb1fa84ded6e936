import type { TToday } from '@haulpro/shared/move-day';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readCached, writeCached } from '../lib/job-cache.ts';
import { moveDayKeys } from './move-day-keys.ts';

/** GET today: today's accepted jobs of the active branch (staff) or of the helper (labor), in arrival order. */
export async function getToday(
  userId: number,
  branchId: number | null,
  signal?: AbortSignal,
): Promise<TToday> {
  const answer = await api.whole<{ data?: TToday } & Partial<TToday>>('today', {
    signal,
    query: { branch_id: branchId },
    errorToast: false,
  });
  // The envelope's data, or the view itself.
  const today = (answer.data ?? answer) as TToday;
  writeCached(`${userId}.today.${branchId ?? 'all'}`, today);
  return today;
}

export function useToday(userId: number, branchId: number | null) {
  return useQuery<TToday>({
    queryKey: [...moveDayKeys.today(), branchId],
    queryFn: ({ signal }) => getToday(userId, branchId, signal),
    // The copy saved on the phone shows at once and stays when the network is away (the
    // query keeps it on error); a fresh answer replaces it.
    initialData: () => readCached<TToday>(`${userId}.today.${branchId ?? 'all'}`)?.value,
    // Older than any answer: the page still asks the server at once.
    initialDataUpdatedAt: 0,
    refetchInterval: 60_000,
  });
}
