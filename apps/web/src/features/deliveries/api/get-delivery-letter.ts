import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deliveryKeys } from './delivery-keys.ts';

/** GET deliveries/{id}/letter: the delivery as the printable signature letter shows it (acceptor only). */
export function getDeliveryLetter(id: number, signal?: AbortSignal): Promise<TDeliveryView> {
  return api.get<TDeliveryView>(`deliveries/${id}/letter`, { signal });
}

export function useDeliveryLetter(id: number | null) {
  return useQuery({
    queryKey: deliveryKeys.letter(id ?? 0),
    queryFn: ({ signal }) => getDeliveryLetter(id ?? 0, signal),
    enabled: id !== null,
  });
}
