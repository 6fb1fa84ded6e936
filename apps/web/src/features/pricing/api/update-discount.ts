import type { TDiscount, TDiscountInput } from '@haulpro/shared/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pricingKeys } from '../../../lib/api/pricing-keys.ts';
import { api } from '../../../lib/api-client.ts';
import { DISCOUNT_FIELDS } from './discount-fields.ts';

type TUpdateDiscount = { branchId: number; id: number; input: TDiscountInput };

/** PUT branches/{id}/discounts/{discount_id}. */
export function updateDiscount({ branchId, id, input }: TUpdateDiscount): Promise<TDiscount> {
  return api.put<TDiscount>(`branches/${branchId}/discounts/${id}`, input, { formFields: DISCOUNT_FIELDS });
}

export function useUpdateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscount,
    onSuccess: (_, { branchId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pricingKeys.discounts(branchId) }),
        queryClient.invalidateQueries({ queryKey: pricingKeys.quotes(branchId) }),
      ]),
  });
}
