import type { TBlockedDay } from '@haulpro/shared/pricing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { blockedDayKeys } from './blocked-day-keys.ts';

/** GET blocked-days?branch_id=&from=&to=: the branch's blocked mornings, afternoons and days. */
export function listBlockedDays(branchId: number, from: string, to: string | null): Promise<TBlockedDay[]> {
  return api.get<TBlockedDay[]>('blocked-days', { query: { branch_id: branchId, from, to } });
}

/** Blocked time between two dates; without `to`, everything from `from` on. */
export function useBlockedDays(branchId: number, from: string, to: string | null) {
  return useQuery({
    queryKey: blockedDayKeys.range(branchId, from, to),
    queryFn: () => listBlockedDays(branchId, from, to),
    placeholderData: keepPreviousData,
  });
}
