import type { TCrewDetail, TCrewInput, TCrewPatch } from '@haulpro/shared/crew';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateBranchCrews } from '../../../lib/api/branch-crews.ts';
import { api } from '../../../lib/api-client.ts';
import { CREW_FIELDS, teamKeys } from './team-keys.ts';

/** POST branches/{id}/crews, or PATCH branches/{id}/crews/{crew_id}; the message is toasted. */
export function saveMember(v: { branchId: number; crewId: number | null; body: TCrewInput | TCrewPatch }) {
  return v.crewId === null
    ? api.post<TCrewDetail>(`branches/${v.branchId}/crews`, v.body, { formFields: CREW_FIELDS })
    : api.patch<TCrewDetail>(`branches/${v.branchId}/crews/${v.crewId}`, v.body, { formFields: CREW_FIELDS });
}

export function useSaveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        invalidateBranchCrews(queryClient),
      ]),
  });
}

/** DELETE branches/{id}/crews/{crew_id} */
export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { branchId: number; crewId: number }) =>
      api.delete<null>(`branches/${v.branchId}/crews/${v.crewId}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        invalidateBranchCrews(queryClient),
      ]),
  });
}
