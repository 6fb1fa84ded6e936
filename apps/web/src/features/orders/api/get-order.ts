import type { TOrder, TOrderParty } from '@haulpro/shared/order-wire';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderBase, orderKeys } from './order-keys.ts';

/** GET orders/{id} (company) or customer/orders/{id}: one order with its invoice. */
export function getOrder(party: TOrderParty, id: number, signal?: AbortSignal): Promise<TOrder> {
  return api.get<TOrder>(`${orderBase(party)}/${id}`, { signal });
}

export function useOrder(party: TOrderParty, id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(party, id ?? 0),
    queryFn: ({ signal }) => getOrder(party, id ?? 0, signal),
    enabled: id !== null,
  });
}
