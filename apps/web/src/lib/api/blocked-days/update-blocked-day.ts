import type { TBlockedDay } from '@haulpro/shared/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { BLOCKED_DAY_FIELDS, type TBlockedDayInput } from './blocked-day-fields.ts';
import { invalidateBlockedTime } from './blocked-day-keys.ts';

type TUpdateBlockedDay = { id: number; input: TBlockedDayInput };

/** PUT blocked-days/{id}. */
export function updateBlockedDay({ id, input }: TUpdateBlockedDay): Promise<TBlockedDay> {
  return api.put<TBlockedDay>(`blocked-days/${id}`, input, { formFields: BLOCKED_DAY_FIELDS });
}

export function useUpdateBlockedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlockedDay,
    onSuccess: (_, { input }) => invalidateBlockedTime(queryClient, input.branch_id),
  });
}
