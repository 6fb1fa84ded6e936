import type { TBranch, TBranchInput } from '@haulpro/shared/branch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reloadBranches } from '../../../lib/company-branches.ts';
import { BRANCH_FIELDS } from './branch-fields.ts';

/** PATCH branches/{id} with the same fields plus id (spec); the answer's message is toasted. */
export function updateBranch({ id, ...input }: TBranchInput & { id: number }): Promise<TBranch> {
  return api.patch<TBranch>(`branches/${id}`, { ...input, id }, { formFields: BRANCH_FIELDS });
}

export function useUpdateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranch,
    onSuccess: () => reloadBranches(queryClient),
  });
}
