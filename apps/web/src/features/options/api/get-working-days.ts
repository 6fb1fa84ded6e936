import type { TWorkingDay } from '@haulpro/shared/pricing';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { optionsKeys } from './options-keys.ts';

/** GET working-days?branch_id=: seven days, 0 = Sunday (every day 7-18 until saved). */
export function getWorkingDays(branchId: number): Promise<TWorkingDay[]> {
  return api.get<TWorkingDay[]>('working-days', { query: { branch_id: branchId } });
}

export function useWorkingDays(branchId: number) {
  return useQuery({ queryKey: optionsKeys.workingDays(branchId), queryFn: () => getWorkingDays(branchId) });
}
