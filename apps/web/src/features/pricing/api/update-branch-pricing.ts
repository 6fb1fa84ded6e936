import type { TBranchPricing, TBranchPricingInput } from '@haulpro/shared/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pricingKeys } from '../../../lib/api/pricing-keys.ts';
import { api } from '../../../lib/api-client.ts';
import { reloadBranches } from '../../../lib/company-branches.ts';

type TUpdateBranchPricing = {
  branchId: number;
  input: TBranchPricingInput;
  /** Fields the calling form shows server errors under. */
  fields: readonly string[];
};

/**
 * PUT branches/{id}/pricing with any subset of the fields. The server raises the surge
 * distance to the service area if smaller and keeps the travel area at least 1.
 */
export function updateBranchPricing({
  branchId,
  input,
  fields,
}: TUpdateBranchPricing): Promise<TBranchPricing> {
  return api.put<TBranchPricing>(`branches/${branchId}/pricing`, input, { formFields: fields });
}

export function useUpdateBranchPricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TUpdateBranchPricing) => {
      // The API currently empties the equipment list when a save leaves it out (the schema's
      // default applies inside .partial()): send the list as loaded so a Service Fee save keeps it.
      const loaded = queryClient.getQueryData<TBranchPricing>(pricingKeys.settings(vars.branchId));
      const input =
        vars.input.equipments === undefined && loaded
          ? { ...vars.input, equipments: loaded.equipments }
          : vars.input;
      return updateBranchPricing({ ...vars, input });
    },
    onSuccess: async (saved, { branchId, input }) => {
      queryClient.setQueryData(pricingKeys.settings(branchId), saved);
      await queryClient.invalidateQueries({ queryKey: pricingKeys.quotes(branchId) });
      // The service area is also the branch's radius on the Locations page.
      if (input.service_area !== undefined) await reloadBranches(queryClient);
    },
  });
}
