import type { TCrewDetail } from '@haulpro/shared/crew';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './team-keys.ts';

/** GET branches/{id}/crews/{crew_id}: the member and their upcoming jobs. */
export function getMember(branchId: number, crewId: number) {
  return api.get<TCrewDetail>(`branches/${branchId}/crews/${crewId}`);
}

export function useMember(branchId: number, crewId: number | null) {
  return useQuery({
    queryKey: teamKeys.member(branchId, crewId ?? 0),
    queryFn: () => getMember(branchId, crewId ?? 0),
    enabled: crewId !== null,
  });
}
