import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { referralKeys } from './referral-keys.ts';

/** DELETE referrals/{id}: an invitation not answered yet. */
export function deleteReferral(id: number) {
  return api.delete<null>(`referrals/${id}`);
}

export function useDeleteReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReferral,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
