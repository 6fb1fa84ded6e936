import type { TCrew } from '@haulpro/shared/crew';
import type { TOrder } from '@haulpro/shared/order-wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** The crews list's largest page: one page holds a branch's whole team for the picker. */
const TEAM_PAGE = 100;

/** GET branches/{id}/crews: the members of the order's branch (the picker keeps the active ones). */
export function useBranchTeam(branchId: number | null) {
  return useQuery({
    queryKey: ['orders', 'team', branchId],
    queryFn: () =>
      api.page<TCrew>(`branches/${branchId}/crews`, { query: { per_page: TEAM_PAGE } }).then((p) => p.data),
    enabled: branchId !== null,
  });
}

/** PUT orders/{id}/crew: the order's whole crew (a refusal is shown in the modal, not toasted). */
export function useAssignCrew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; crew_ids: number[] }) =>
      api.put<TOrder>(`orders/${v.id}/crew`, { crew_ids: v.crew_ids }, { errorToast: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
