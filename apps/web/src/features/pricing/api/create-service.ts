import type { TServicePrice, TServicePriceInput } from '@haulpro/shared/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pricingKeys } from '../../../lib/api/pricing-keys.ts';
import { api } from '../../../lib/api-client.ts';
import { SERVICE_FIELDS } from './service-fields.ts';

type TCreateService = { branchId: number; input: TServicePriceInput };

/** POST branches/{id}/services; the answer's message ('Service saved successfully') is toasted. */
export function createService({ branchId, input }: TCreateService): Promise<TServicePrice> {
  return api.post<TServicePrice>(`branches/${branchId}/services`, input, { formFields: SERVICE_FIELDS });
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: (_, { branchId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pricingKeys.services(branchId) }),
        queryClient.invalidateQueries({ queryKey: pricingKeys.quotes(branchId) }),
      ]),
  });
}
