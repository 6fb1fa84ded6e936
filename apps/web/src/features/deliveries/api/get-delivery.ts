import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deliveryKeys } from './delivery-keys.ts';

/** GET deliveries/{id}: one delivery for a helper (the customer's contact withheld while bidding). */
export function getDelivery(id: number, signal?: AbortSignal): Promise<TDeliveryView> {
  return api.get<TDeliveryView>(`deliveries/${id}`, { signal });
}

export function useDelivery(id: number | null) {
  return useQuery({
    queryKey: deliveryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getDelivery(id ?? 0, signal),
    enabled: id !== null,
    // Image and file links are signed for 15 to 20 minutes: never show older ones.
    staleTime: 60_000,
  });
}
