import type { TDiscount, TDiscountInput } from '@haulpro/shared/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pricingKeys } from '../../../lib/api/pricing-keys.ts';
import { api } from '../../../lib/api-client.ts';
import { DISCOUNT_FIELDS } from './discount-fields.ts';

type TCreateDiscount = { branchId: number; input: TDiscountInput };

/** POST branches/{id}/discounts: one offer per date (else 422 on date). */
export function createDiscount({ branchId, input }: TCreateDiscount): Promise<TDiscount> {
  return api.post<TDiscount>(`branches/${branchId}/discounts`, input, { formFields: DISCOUNT_FIELDS });
}

export function useCreateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscount,
    onSuccess: (_, { branchId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pricingKeys.discounts(branchId) }),
        queryClient.invalidateQueries({ queryKey: pricingKeys.quotes(branchId) }),
      ]),
  });
}
