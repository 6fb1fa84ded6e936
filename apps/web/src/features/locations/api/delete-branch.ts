import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reloadBranches } from '../../../lib/company-branches.ts';

/** DELETE branches/{id}; the main branch answers 409, shown as a toast. */
export function deleteBranch(id: number): Promise<string> {
  return api.message(`branches/${id}`, { method: 'DELETE' });
}

export function useDeleteBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBranch,
    onSuccess: () => reloadBranches(queryClient),
  });
}
