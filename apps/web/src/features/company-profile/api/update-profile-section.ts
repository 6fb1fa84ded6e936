import type { TBranchSectionUpdateInput, TProfileSection } from '@haulpro/shared/company-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reloadBranches } from '../../../lib/company-branches.ts';
import type { TSectionData } from './get-profile-section.ts';
import { profileKeys } from './profile-keys.ts';

type TUpdate<S extends TProfileSection> = {
  branchId: number;
  /** The section the body belongs to (its answer replaces that section's data). */
  section: S;
  body: TBranchSectionUpdateInput;
  /** Fields the calling form shows server errors under (their 422 is not toasted). */
  fields: readonly string[];
};

/** PUT branches/{id} with one section; answers the section as saved. */
export function updateProfileSection<S extends TProfileSection>({
  branchId,
  body,
  fields,
}: TUpdate<S>): Promise<TSectionData[S]> {
  return api.put<TSectionData[S]>(`branches/${branchId}`, body, { formFields: fields });
}

export function useUpdateProfileSection<S extends TProfileSection>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: Omit<TUpdate<S>, 'section'>) => updateProfileSection({ ...vars, section }),
    onSuccess: async (saved, { branchId }) => {
      queryClient.setQueryData(profileKeys.section(branchId, section), saved);
      // A new name (and slug) shows in the location selector and on Locations.
      if (section === 'branch_info') await reloadBranches(queryClient);
    },
  });
}
