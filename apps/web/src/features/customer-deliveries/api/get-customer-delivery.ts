import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CUSTOMER_DELIVERIES, customerDeliveryKeys } from './customer-delivery-keys.ts';

/** GET customer/deliveries/{id}: one of my deliveries, with fresh signed links to its photos. */
export function getCustomerDelivery(id: number, signal?: AbortSignal): Promise<TDeliveryView> {
  return api.get<TDeliveryView>(`${CUSTOMER_DELIVERIES}/${id}`, { signal });
}

export function useCustomerDelivery(id: number | null) {
  return useQuery({
    queryKey: customerDeliveryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getCustomerDelivery(id ?? 0, signal),
    enabled: id !== null,
  });
}
