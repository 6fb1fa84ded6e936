import type { TCrew } from '@haulpro/shared/crew';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './team-keys.ts';

/** A branch's whole team on one page (the API's largest page: 100 members). */
const TEAM_PAGE = 100;

/** GET branches/{id}/crews */
export function listTeam(branchId: number) {
  return api.page<TCrew>(`branches/${branchId}/crews`, { query: { per_page: TEAM_PAGE } });
}

export function useTeam(branchId: number | null) {
  return useQuery({
    queryKey: teamKeys.list(branchId ?? 0),
    queryFn: () => listTeam(branchId ?? 0),
    enabled: branchId !== null,
  });
}
