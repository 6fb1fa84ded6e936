import type { TOrder } from '@haulpro/shared/order-wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** PUT orders/{id}/crew: the order's whole crew (a refusal is shown in the modal, not toasted). */
export function useAssignCrew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; crew_ids: number[] }) =>
      api.put<TOrder>(`orders/${v.id}/crew`, { crew_ids: v.crew_ids }, { errorToast: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
