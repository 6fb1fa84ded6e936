import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { invalidateBlockedTime } from './blocked-day-keys.ts';

type TDeleteBlockedDay = { id: number; branchId: number };

/** DELETE blocked-days/{id}. */
export function deleteBlockedDay({ id }: TDeleteBlockedDay): Promise<string> {
  return api.message(`blocked-days/${id}`, { method: 'DELETE' });
}

export function useDeleteBlockedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlockedDay,
    onSuccess: (_, { branchId }) => invalidateBlockedTime(queryClient, branchId),
  });
}
