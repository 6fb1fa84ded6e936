import type { TBranch, TBranchInput } from '@haulpro/shared/branch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reloadBranches } from '../../../lib/company-branches.ts';
import { BRANCH_FIELDS } from './branch-fields.ts';

/** POST branches; the answer's message ('Branch created successfully') is toasted. */
export function createBranch(input: TBranchInput): Promise<TBranch> {
  return api.post<TBranch>('branches', input, { formFields: BRANCH_FIELDS });
}

export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBranch,
    onSuccess: () => reloadBranches(queryClient),
  });
}
