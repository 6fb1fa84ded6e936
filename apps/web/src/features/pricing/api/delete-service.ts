import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pricingKeys } from '../../../lib/api/pricing-keys.ts';
import { api } from '../../../lib/api-client.ts';

type TDeleteService = { branchId: number; id: number };

/** DELETE branches/{id}/services/{service_id}; placed orders keep their own price. */
export function deleteService({ branchId, id }: TDeleteService): Promise<string> {
  return api.message(`branches/${branchId}/services/${id}`, { method: 'DELETE' });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: (_, { branchId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pricingKeys.services(branchId) }),
        queryClient.invalidateQueries({ queryKey: pricingKeys.quotes(branchId) }),
      ]),
  });
}
