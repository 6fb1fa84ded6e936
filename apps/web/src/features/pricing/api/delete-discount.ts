import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pricingKeys } from '../../../lib/api/pricing-keys.ts';
import { api } from '../../../lib/api-client.ts';

type TDeleteDiscount = { branchId: number; id: number };

/** DELETE branches/{id}/discounts/{discount_id}. */
export function deleteDiscount({ branchId, id }: TDeleteDiscount): Promise<string> {
  return api.message(`branches/${branchId}/discounts/${id}`, { method: 'DELETE' });
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    onSuccess: (_, { branchId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pricingKeys.discounts(branchId) }),
        queryClient.invalidateQueries({ queryKey: pricingKeys.quotes(branchId) }),
      ]),
  });
}
