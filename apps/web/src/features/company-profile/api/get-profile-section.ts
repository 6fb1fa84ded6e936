import type {
  TBranchInfoSection,
  TIntroductionSection,
  TProfileSection,
} from '@haulpro/shared/company-profile';
import type { TCredentialsSection } from '@haulpro/shared/credentials';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

export type TSectionData = {
  branch_info: TBranchInfoSection;
  introduction: TIntroductionSection;
  credentials: TCredentialsSection;
};

/** GET branches/{id}?section=branch_info|introduction|credentials */
export function getProfileSection<S extends TProfileSection>(
  branchId: number,
  section: S,
): Promise<TSectionData[S]> {
  return api.get<TSectionData[S]>(`branches/${branchId}`, { query: { section } });
}

export function useProfileSection<S extends TProfileSection>(branchId: number, section: S) {
  return useQuery({
    queryKey: profileKeys.section(branchId, section),
    queryFn: () => getProfileSection(branchId, section),
  });
}
