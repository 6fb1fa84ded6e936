import type { TBlockedDay } from '@haulpro/shared/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { BLOCKED_DAY_FIELDS, type TBlockedDayInput } from './blocked-day-fields.ts';
import { invalidateBlockedTime } from './blocked-day-keys.ts';

/** POST blocked-days; a date that already has a block is merged (past dates: 422 on date). */
export function createBlockedDay(input: TBlockedDayInput): Promise<TBlockedDay> {
  return api.post<TBlockedDay>('blocked-days', input, { formFields: BLOCKED_DAY_FIELDS });
}

export function useCreateBlockedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlockedDay,
    onSuccess: (_, { branch_id }) => invalidateBlockedTime(queryClient, branch_id),
  });
}
