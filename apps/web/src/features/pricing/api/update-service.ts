import type { TServicePrice, TServicePriceInput } from '@haulpro/shared/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pricingKeys } from '../../../lib/api/pricing-keys.ts';
import { api } from '../../../lib/api-client.ts';
import { SERVICE_FIELDS } from './service-fields.ts';

type TUpdateService = { branchId: number; id: number; input: TServicePriceInput };

/** PUT branches/{id}/services/{service_id} with every field. */
export function updateService({ branchId, id, input }: TUpdateService): Promise<TServicePrice> {
  return api.put<TServicePrice>(`branches/${branchId}/services/${id}`, input, { formFields: SERVICE_FIELDS });
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: (_, { branchId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pricingKeys.services(branchId) }),
        queryClient.invalidateQueries({ queryKey: pricingKeys.quotes(branchId) }),
      ]),
  });
}
