import type { TCrew } from '@haulpro/shared/crew';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/*
 * A branch's crew members (GET branches/{id}/crews): the Teams page lists them, the order's
 * Assign crew picks from them. One key per branch, so a member saved on Teams is the one the
 * picker offers.
 */
export const branchCrewsKeys = {
  all: ['branch-crews'] as const,
  branch: (branchId: number) => ['branch-crews', branchId] as const,
};

/** The API's largest page: a branch's whole team on one page. */
const TEAM_PAGE = 100;

export function listBranchCrews(branchId: number) {
  return api.page<TCrew>(`branches/${branchId}/crews`, { query: { per_page: TEAM_PAGE } });
}

export function useBranchCrews(branchId: number | null) {
  return useQuery({
    queryKey: branchCrewsKeys.branch(branchId ?? 0),
    queryFn: () => listBranchCrews(branchId ?? 0),
    enabled: branchId !== null,
  });
}

/** After a member is added, changed or removed. */
export function invalidateBranchCrews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: branchCrewsKeys.all });
}
